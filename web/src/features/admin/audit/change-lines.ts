/** A side of an entry: the fields a change touched, as the trail keeps them. */
type Side = Record<string, unknown> | null;

/** One changed field: its dotted name and its value before and after (undefined: not there). */
export interface ChangeLine {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry changed, field by field: the fields whose value differs between before and after,
 * nested records opened to their own fields (`currency:RUB.usdValue`), in the order they were kept.
 * An entry that only adds (before null) or only removes (after null) lists every field it names.
 */
export function changeLines(before: Side, after: Side, prefix = ''): ChangeLine[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields.flatMap((field): ChangeLine[] => {
    const was = before?.[field];
    const is = after?.[field];
    const name = `${prefix}${field}`;
    if (before !== null && after !== null && same(was, is)) return [];
    if (isRecord(was) || isRecord(is)) {
      const nested = changeLines(isRecord(was) ? was : null, isRecord(is) ? is : null, `${name}.`);
      if (nested.length > 0) return nested;
    }
    return [{ field: name, before: was, after: is }];
  });
}
