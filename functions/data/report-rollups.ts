import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { exactDb, tableName } from './client';
import { addExpression } from './counters';
import { keys } from './keys';
import type { TransactionPart } from './transactions';

/**
 * The reports' rollups (keys.ts pattern 48): per breakdown, value and business day (and month),
 * figures that only ever ADD up. A figure is an integer (a count, minor units, a histogram
 * bucket's count), written from a bigint and read back exact (exactDb), whatever its size.
 */

/** The whole business, as the breakdown `all` names it. */
export const ALL = { breakdown: 'all', value: '-' } as const;

/** What one counted event adds: its figures, on its day, to each named breakdown value. */
export interface RollupDelta {
  day: string;
  /** Each [breakdown, value] the figures count under (`ALL` among them). */
  under: ReadonlyArray<readonly [breakdown: string, value: string]>;
  figures: Readonly<Record<string, bigint>>;
}

export interface RollupItem {
  breakdown: string;
  /** `D2026-11-29` or `M2026-11`. */
  period: string;
  value: string;
  figures: Record<string, bigint>;
}

/**
 * The transaction's parts that add `deltas`: each to its day's and its month's item, the figures
 * of one item merged into one ADD (a transaction may touch an item once). Nothing for no figures.
 */
export function rollupParts(deltas: readonly RollupDelta[]): TransactionPart[] {
  const byItem = new Map<
    string,
    { key: ReturnType<typeof keys.reportRollup>; figures: Map<string, bigint> }
  >();
  for (const delta of deltas) {
    for (const [breakdown, value] of delta.under) {
      for (const period of [`D${delta.day}`, `M${delta.day.slice(0, 7)}`]) {
        const key = keys.reportRollup(breakdown, period, value);
        const id = `${key.pk}|${key.sk}`;
        const item = byItem.get(id) ?? { key, figures: new Map<string, bigint>() };
        byItem.set(id, item);
        for (const [figure, by] of Object.entries(delta.figures)) {
          item.figures.set(figure, (item.figures.get(figure) ?? 0n) + by);
        }
      }
    }
  }
  const parts: TransactionPart[] = [];
  for (const { key, figures } of byItem.values()) {
    if ([...figures.values()].every((by) => by === 0n)) continue;
    const item = {
      Update: { TableName: tableName, Key: key, ...addExpression(Object.fromEntries(figures)) },
    };
    parts.push({ name: 'reportRollups', item });
  }
  return parts;
}

/** A rollup's stored number (its decimal text, from exactDb) as a bigint. */
const exact = (value: unknown): bigint | null =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : null;

function rollupOf(item: Record<string, unknown>): RollupItem {
  const sk = String(item.sk);
  const split = sk.indexOf('#');
  const figures: Record<string, bigint> = {};
  for (const [name, value] of Object.entries(item)) {
    if (name === 'pk' || name === 'sk') continue;
    const number = exact(value);
    if (number !== null) figures[name] = number;
  }
  return {
    breakdown: String(item.pk).slice('REPORT#'.length),
    period: sk.slice(0, split),
    value: sk.slice(split + 1),
    figures,
  };
}

/** Sort-key bounds of a breakdown's rollups: `D{from}`..`D{to}` (days) or `M{from}`..`M{to}` (months), both included. */
export interface RollupRange {
  from: string;
  to: string;
}

/** The rollups of one breakdown in the ranges, the ranges' Queries at once, each read to its end. */
export async function readRollups(breakdown: string, ranges: readonly RollupRange[]): Promise<RollupItem[]> {
  const read = await Promise.all(ranges.map((range) => readRange(breakdown, range)));
  return read.flat();
}

async function readRange(breakdown: string, range: RollupRange): Promise<RollupItem[]> {
  const items: RollupItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await exactDb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.reportPartition(breakdown),
          ':from': `${range.from}#`,
          // '$' sorts right after '#', so the last period's every value is in, whatever it spells.
          ':to': `${range.to}$`,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map(rollupOf));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
