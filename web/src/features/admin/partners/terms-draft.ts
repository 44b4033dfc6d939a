import { type DirectionTermsBody, PARTNER_PERCENT_MAX } from '@shared/contract/partners';
import { issueProblem } from '@shared/field-rules';
import { ruleText } from '@web/lib/refusal-text';
import type * as z from 'zod/mini';

/** One direction's terms as staff type them; `id` keeps a row's fields with it when another is removed. */
export interface DirectionRow {
  id: number;
  direction: string;
  profitPercent: string;
  volumePercent: string;
}

let lastRowId = 0;

export function directionRow(terms?: DirectionTermsBody): DirectionRow {
  lastRowId += 1;
  return {
    id: lastRowId,
    direction: terms?.direction ?? '',
    profitPercent: terms ? String(terms.profitPercent) : '',
    volumePercent: terms ? String(terms.volumePercent) : '',
  };
}

/**
 * A percentage as typed ("12,5", " 3 ") as the API takes it (12.5, 3); an empty or wrong one stays
 * NaN, for the server's schema to refuse.
 */
export function percentInput(text: string): number {
  const bare = text.trim().replace(',', '.');
  return bare === '' ? Number.NaN : Number(bare);
}

export function directionTermsOf(rows: readonly DirectionRow[]): DirectionTermsBody[] {
  return rows.map((row) => ({
    direction: row.direction,
    profitPercent: percentInput(row.profitPercent),
    volumePercent: percentInput(row.volumePercent),
  }));
}

/** Problems by the field's dotted path (`directionTerms.0.profitPercent`), as the server names them. */
export type Problems = Record<string, string>;

/**
 * A body checked by the server's own schema before it is sent: what the schema makes of it, or its
 * problems in the UI language at their paths. A percentage that is no number at all is refused by
 * its type, which names no bound: its text is given the bound of its kind.
 */
export function checkBody<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
): { data: z.output<S>; problems: null } | { data: null; problems: Problems } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data, problems: null };
  const problems: Problems = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const problem = issueProblem(issue);
    const params =
      problem.code === 'partnerPercent' && !problem.params
        ? {
            max: path.endsWith('volumePercent')
              ? PARTNER_PERCENT_MAX.volumePercent
              : PARTNER_PERCENT_MAX.profitPercent,
          }
        : problem.params;
    problems[path] ??= ruleText({ ...problem, ...(params ? { params } : {}) });
  }
  return { data: null, problems };
}
