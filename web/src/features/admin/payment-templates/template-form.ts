import type { LedgerAccountView } from '@shared/contract/ledger';
import {
  type PaymentTemplateBody,
  type PaymentTemplateKind,
  type PaymentTemplateView,
  paymentTemplateBodySchema,
  type TemplateAvailability,
} from '@shared/contract/payment-templates';
import { type FieldProblem, issueProblem, ruleProblem } from '@shared/field-rules';
import { groupedNumber } from '@shared/payout-details';
import { tronAddressProblem } from '@shared/tron-address';

/** What the template form holds: every kind's fields as typed (the chosen kind's are sent). */
export interface TemplateDraft {
  kind: PaymentTemplateKind;
  label: string;
  currency: string;
  city: string;
  details: string;
  /** A card template's number to transfer to, its bank and holder ('' for none). */
  number: string;
  bank: string;
  holder: string;
  address: string;
  /** The office account its money is booked on; '' for none (the asset's own). */
  accountId: string;
  /** A card or USDT template's place in the pool: how it is given out, and its limits as typed ('' for none). */
  availability: TemplateAvailability;
  dayAmount: string;
  monthAmount: string;
  dayDeals: string;
  monthDeals: string;
}

export type TemplateField = Exclude<keyof TemplateDraft, 'kind' | 'availability'>;

/** The pool's limits, in the form's order (a card's and a USDT template's). */
export const LIMIT_FIELDS = ['dayAmount', 'monthAmount', 'dayDeals', 'monthDeals'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** Whether templates of a kind are in the pool (cards, accounts and wallets; not offices). */
export const pooledKind = (kind: PaymentTemplateKind) => kind !== 'office';

/** The fields of each kind, in the form's order. */
export const KIND_FIELDS: Record<PaymentTemplateKind, readonly TemplateField[]> = {
  card: ['label', 'currency', 'number', 'bank', 'holder', 'details'],
  office: ['label', 'city', 'details'],
  usdt: ['label', 'address'],
};

export function emptyDraft(kind: PaymentTemplateKind = 'card'): TemplateDraft {
  return {
    kind,
    label: '',
    currency: '',
    city: '',
    details: '',
    number: '',
    bank: '',
    holder: '',
    address: '',
    accountId: '',
    // A new card or wallet joins the rotation unless staff say otherwise.
    availability: 'rotation',
    dayAmount: '',
    monthAmount: '',
    dayDeals: '',
    monthDeals: '',
  };
}

export function draftOf(template: PaymentTemplateView): TemplateDraft {
  const common = { ...emptyDraft(template.kind), label: template.label, accountId: template.accountId ?? '' };
  if (template.kind === 'office') return { ...common, city: template.city, details: template.details };
  const { limits } = template;
  const draft = {
    ...common,
    availability: template.availability,
    dayAmount: limits.dayAmount ?? '',
    monthAmount: limits.monthAmount ?? '',
    dayDeals: limits.dayDeals === null ? '' : String(limits.dayDeals),
    monthDeals: limits.monthDeals === null ? '' : String(limits.monthDeals),
  };
  if (template.kind === 'card')
    return {
      ...draft,
      currency: template.currency,
      details: template.details,
      number: template.number ? groupedNumber(template.number) : '',
      bank: template.bank ?? '',
      holder: template.holder ?? '',
    };
  return { ...draft, address: template.address };
}

/** A limit as typed: empty is none, an amount its text, a count its number (NaN when not one: refused). */
const limitOf = (field: LimitField, typed: string) => {
  const text = typed.trim();
  if (text === '') return null;
  return field === 'dayDeals' || field === 'monthDeals'
    ? /^\d+$/.test(text)
      ? Number(text)
      : Number.NaN
    : text;
};

/**
 * The body the server takes: the chosen kind's fields only (the schema trims them), its account or
 * null, and for a card or USDT template its pause and limits.
 */
export function bodyOf(draft: TemplateDraft): Record<string, unknown> {
  return Object.fromEntries([
    ['kind', draft.kind],
    ...KIND_FIELDS[draft.kind].map((field) => [field, draft[field]]),
    ['accountId', draft.accountId || null],
    ...(pooledKind(draft.kind)
      ? [
          ['availability', draft.availability],
          ['limits', Object.fromEntries(LIMIT_FIELDS.map((field) => [field, limitOf(field, draft[field])]))],
        ]
      : []),
  ]);
}

/**
 * The office accounts the draft's money may be booked on, as the server checks them
 * (templateAccount): a card template's of its currency, a USDT template's USDT, an office
 * template's a cash desk.
 */
export function fittingAccounts(accounts: LedgerAccountView[], draft: TemplateDraft): LedgerAccountView[] {
  return accounts.filter(
    (account) =>
      account.side === 'office' &&
      (draft.kind === 'office'
        ? account.kind === 'cash'
        : account.currency === (draft.kind === 'usdt' ? 'USDT' : draft.currency)),
  );
}

/**
 * What the server's own schema refuses in the draft, the first broken rule per field, so the form
 * says it before sending and in the same words; the body once nothing is refused.
 */
export function checkDraft(
  draft: TemplateDraft,
): { body: PaymentTemplateBody; problems: null } | { body: null; problems: Record<string, FieldProblem> } {
  const parsed = paymentTemplateBodySchema.safeParse(bodyOf(draft));
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems: Record<string, FieldProblem> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'kind'] ??= issueProblem(issue);
  return { body: null, problems };
}

/**
 * The address checked as it is typed: nothing while it is empty or still short of 34 characters
 * (unless `finished`: left or submitted), else the TRON rule it breaks: its form or its checksum.
 */
export function addressProblem(address: string, finished: boolean): FieldProblem | null {
  const typed = address.trim();
  if (!typed || (!finished && typed.length < 34)) return null;
  const problem = tronAddressProblem(typed);
  return problem ? ruleProblem(problem) : null;
}
