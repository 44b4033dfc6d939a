import { type PutReservesBody, reserveChangeSchema } from '@shared/contract/reserves';
import { issueProblem } from '@shared/field-rules';
import { ruleText } from '@web/lib/refusal-text';

export interface ReserveDraft {
  amount: string;
  alertLevel: string;
}

export type ReserveErrors = Partial<Record<keyof ReserveDraft, string>>;

const FIELDS = ['amount', 'alertLevel'] as const;

/** A typed number: `,` or `.` as the decimal separator, spaces (thousands) ignored; NaN when it is none. */
function parse(text: string): number {
  const trimmed = text.replace(/\s/g, '').replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * A reserve row's draft checked with the server's own rule (reserveChangeSchema: 0 or more, at
 * most 1e12, the currency's decimals), its texts in the UI language; the change to send, or null.
 */
export function checkReserveDraft(
  code: string,
  draft: ReserveDraft,
  notANumber: string,
): { errors: ReserveErrors; value: PutReservesBody['reserves'][number] | null } {
  const errors: ReserveErrors = {};
  const amount = parse(draft.amount);
  const alertLevel = parse(draft.alertLevel);
  // A field that is no number gets its own text; the other is still checked (0 stands in for it).
  const parsed = reserveChangeSchema.safeParse({
    code,
    amount: Number.isFinite(amount) ? amount : 0,
    alertLevel: Number.isFinite(alertLevel) ? alertLevel : 0,
  });
  if (!Number.isFinite(amount)) errors.amount = notANumber;
  if (!Number.isFinite(alertLevel)) errors.alertLevel = notANumber;
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= ruleText(issueProblem(issue));
  }
  const valid = parsed.success && Object.keys(errors).length === 0;
  return { errors, value: valid ? parsed.data : null };
}
