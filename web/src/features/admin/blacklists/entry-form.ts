import type { BlacklistKind } from '@shared/blacklist';
import { type BlacklistEntryBody, blacklistEntryBodySchema } from '@shared/contract/blacklist';
import { type FieldProblem, issueProblem } from '@shared/field-rules';

/** What the add form holds, as typed: the value (a card's last four digits), a card's holder, why. */
export interface EntryDraft {
  value: string;
  holder: string;
  reason: string;
}

export const EMPTY_DRAFT: EntryDraft = { value: '', holder: '', reason: '' };

/**
 * What the server's own schema refuses in the draft, the first broken rule per field, so the form
 * says it before sending and in the same words; the body once nothing is refused.
 */
export function checkEntry(
  kind: BlacklistKind,
  draft: EntryDraft,
): { body: BlacklistEntryBody; problems: null } | { body: null; problems: Record<string, FieldProblem> } {
  const parsed = blacklistEntryBodySchema.safeParse({
    kind,
    value: draft.value,
    ...(kind === 'card' ? { holder: draft.holder } : {}),
    reason: draft.reason,
  });
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems: Record<string, FieldProblem> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'value'] ??= issueProblem(issue);
  return { body: null, problems };
}

/** A stored value as staff read it: a card's `last4|HOLDER` as "•••• 4242 · HOLDER". */
export function shownValue(kind: BlacklistKind, value: string): string {
  if (kind !== 'card') return value;
  const [last4, holder] = value.split('|', 2);
  return `•••• ${last4} · ${holder ?? ''}`;
}
