import type { FieldError } from '@shared/envelope';
import { newPasswordProblem } from '@web/lib/password-rules';
import {
  compactErrors,
  confirmPasswordError,
  emailError,
  type FieldErrors,
  usernameError,
} from '@web/lib/validation';

export const REGISTER_FIELDS = [
  'email',
  'username',
  'password',
  'confirmPassword',
  'invitationCode',
  'terms',
  'general',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export interface RegisterValues {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  noCode: boolean;
  acceptTerms: boolean;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  invitationCode: '',
  noCode: false,
  acceptTerms: false,
};

/**
 * The register rules of docs/product.md §5; errors are `forms` keys, except the password's, which is
 * the server's text (see password-rules). The invitation code is required unless "no code" is
 * ticked or a referral code from a `?ref=` link is applied.
 */
export async function validateRegister(
  values: RegisterValues,
  referralApplied: boolean,
): Promise<FieldErrors<RegisterField>> {
  const codeRequired = !values.noCode && !referralApplied;
  return compactErrors<RegisterField>({
    email: emailError(values.email),
    username: usernameError(values.username),
    password: await newPasswordProblem(values.password),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword),
    invitationCode:
      codeRequired && !values.invitationCode.trim() ? 'validation.invitationCodeRequired' : null,
    terms: values.acceptTerms ? null : 'validation.acceptTerms',
    general: null,
  });
}

const FIELD_BY_PATH: Record<string, RegisterField> = {
  email: 'email',
  username: 'username',
  password: 'password',
  invitationCode: 'invitationCode',
};

/** Which field a server message is about, from the words in it (docs/product.md §5). */
export function fieldForMessage(message: string): RegisterField {
  const text = message.toLowerCase();
  if (text.includes('email')) return 'email';
  if (text.includes('username')) return 'username';
  if (text.includes('invitation code') || text.includes('invitation')) return 'invitationCode';
  return 'general';
}

/**
 * Server answers to field errors: each `{ path, msg }` goes to its field; a bare message mentioning
 * email, username or the invitation code goes to that field, anything else is general.
 */
export function mapRegisterServerErrors(message: string, errors: FieldError[]): FieldErrors<RegisterField> {
  const mapped: FieldErrors<RegisterField> = {};
  for (const error of errors) {
    const field = FIELD_BY_PATH[error.path.split('.')[0] ?? ''] ?? fieldForMessage(error.msg);
    mapped[field] ??= error.msg;
  }
  if (Object.keys(mapped).length === 0 && message) mapped[fieldForMessage(message)] = message;
  return mapped;
}
