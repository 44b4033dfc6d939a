import type { FieldError } from '@shared/envelope';
import { newPasswordProblem } from '@web/lib/password-rules';
import { ruleText } from '@web/lib/refusal-text';
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
 * the server's rule worded in the UI language (see password-rules). The invitation code is required
 * unless "no code" is ticked or a referral code from a `?ref=` link is applied.
 */
export async function validateRegister(
  values: RegisterValues,
  referralApplied: boolean,
): Promise<FieldErrors<RegisterField>> {
  const codeRequired = !values.noCode && !referralApplied;
  const passwordProblem = await newPasswordProblem(values.password);
  return compactErrors<RegisterField>({
    email: emailError(values.email),
    username: usernameError(values.username),
    password: passwordProblem && ruleText(passwordProblem),
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

/**
 * A refused registration's field errors, each under its field by its path and worded by its rule in
 * the UI language (an error on a path the form has no field for is general); `general` alone, the
 * refusal's own text, when the server blamed no field.
 */
export function mapRegisterServerErrors(refusal: string, errors: FieldError[]): FieldErrors<RegisterField> {
  const mapped: FieldErrors<RegisterField> = {};
  for (const error of errors)
    mapped[FIELD_BY_PATH[error.path.split('.')[0] ?? ''] ?? 'general'] ??= ruleText(error);
  if (Object.keys(mapped).length === 0 && refusal) mapped.general = refusal;
  return mapped;
}
