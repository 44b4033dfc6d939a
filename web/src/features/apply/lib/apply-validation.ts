import { contactTelegramSchema, standardAmountSchema } from '@shared/contract/applications';
import { amountLimitProblem, type Quote } from '@shared/contract/rates';
import { parseAmount, type StandardForm } from '@web/lib/exchange-form';
import { ruleText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { compactErrors, type FieldErrors, requiredError } from '@web/lib/validation';

export type TelegramCheck = 'idle' | 'checking' | 'valid' | 'invalid';
export type StandardField =
  | 'continent'
  | 'country'
  | 'city'
  | 'amount'
  | 'contactTelegram'
  | 'amlAcknowledged'
  | 'payerCardId'
  /** A guest's address (docs/product.md §5 "Guest exchange"). */
  | 'email';
export type IndividualField = 'individualDetails' | 'contactTelegram' | 'amlAcknowledged';

/** The AML acknowledgement: the box must be ticked (the server takes only `true`). */
export function amlAcknowledgementError(acknowledged: boolean): string | null {
  return acknowledged ? null : 'validation.amlAcknowledgementRequired';
}

/**
 * The amount as the server checks it: a number (`,` or `.` as the decimal separator), positive, at
 * most its source asset's decimals, and within the minimum and maximum of the quote for exactly this
 * amount and pair, once that quote has arrived.
 */
export function amountError(form: StandardForm, quote: Quote | null): string | null {
  const amount = parseAmount(form.amount);
  if (!Number.isFinite(amount)) return 'validation.invalidAmount';
  const rule = schemaErrorText(standardAmountSchema(form.assetFrom), amount);
  if (rule) return rule;
  const current =
    quote && quote.amount === amount && quote.assetFrom === form.assetFrom && quote.assetTo === form.assetTo;
  const limit = current ? amountLimitProblem(quote) : null;
  return limit ? ruleText(limit) : null;
}

/** The contact: required, then the server's shape rule (length, username or E.164 phone), then the remote check. */
export function telegramContactError(contact: string, check: TelegramCheck): string | null {
  if (!contact.trim()) return 'validation.requiredField';
  const shape = schemaErrorText(contactTelegramSchema, contact);
  if (shape) return shape;
  return check === 'invalid' ? 'validation.invalidTelegramContact' : null;
}

/** Spec §5 "Standard form": the geo cascade, the amount rules, the Telegram contact and the AML acknowledgement. */
export function validateStandard(
  form: StandardForm,
  contact: string,
  check: TelegramCheck,
  quote: Quote | null,
  amlAcknowledged: boolean,
): FieldErrors<StandardField> {
  return compactErrors<StandardField>({
    continent: requiredError(form.continent),
    country: requiredError(form.country),
    city: requiredError(form.city),
    amount: amountError(form, quote),
    contactTelegram: telegramContactError(contact, check),
    amlAcknowledged: amlAcknowledgementError(amlAcknowledged),
    // Whether a card must be chosen is the direction's rule, which the server applies.
    payerCardId: null,
    // A guest's address is the guest form's own check (standard-form.tsx).
    email: null,
  });
}

/**
 * Spec §5 "Individual form": details (reported under individualDetails), the Telegram contact and
 * the AML acknowledgement.
 */
export function validateIndividual(
  details: string,
  contact: string,
  check: TelegramCheck,
  amlAcknowledged: boolean,
): FieldErrors<IndividualField> {
  return compactErrors<IndividualField>({
    individualDetails: requiredError(details),
    contactTelegram: telegramContactError(contact, check),
    amlAcknowledged: amlAcknowledgementError(amlAcknowledged),
  });
}
