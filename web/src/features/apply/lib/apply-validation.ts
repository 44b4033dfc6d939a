import { compactErrors, type FieldErrors, requiredError, telegramContactError } from '@web/lib/validation';
import { parseAmount, type StandardField, type StandardForm } from './apply-form';

export type TelegramCheck = 'idle' | 'checking' | 'valid' | 'invalid';
export type IndividualField = 'individualDetails' | 'contactTelegram';

/** Spec §5 "Standard form": the geo cascade, a positive amount and the Telegram contact. */
export function validateStandard(
  form: StandardForm,
  contact: string,
  check: TelegramCheck,
): FieldErrors<StandardField> {
  const amount = parseAmount(form.amount);
  return compactErrors<StandardField>({
    continent: requiredError(form.continent),
    country: requiredError(form.country),
    city: requiredError(form.city),
    amount: Number.isFinite(amount) && amount > 0 ? null : 'validation.invalidAmount',
    contactTelegram: telegramContactError(contact, check),
  });
}

/** Spec §5 "Individual form": details (reported under individualDetails) and the Telegram contact. */
export function validateIndividual(
  details: string,
  contact: string,
  check: TelegramCheck,
): FieldErrors<IndividualField> {
  return compactErrors<IndividualField>({
    individualDetails: requiredError(details),
    contactTelegram: telegramContactError(contact, check),
  });
}
