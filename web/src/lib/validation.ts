import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '@shared/constants';

/**
 * Field rules shared by the forms (docs/product.md §5). Each returns the `forms` namespace key of the error
 * text, or null when the value is fine; the limits come from shared/constants like the server's.
 */
export type ErrorKey = `validation.${string}`;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredError(value: string): ErrorKey | null {
  return value.trim() ? null : 'validation.requiredField';
}

export function emailError(value: string): ErrorKey | null {
  if (!value.trim()) return 'validation.requiredField';
  return EMAIL_PATTERN.test(value.trim()) ? null : 'validation.invalidEmail';
}

export function usernameError(value: string): ErrorKey | null {
  const username = value.trim();
  if (!username) return 'validation.requiredField';
  if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    return 'validation.usernameLength';
  }
  return USERNAME_PATTERN.test(username) ? null : 'validation.usernameCharacters';
}

export function confirmPasswordError(password: string, confirmation: string): ErrorKey | null {
  return password === confirmation ? null : 'validation.passwordsDoNotMatch';
}

/** Drops the fields without an error, so `Object.keys(errors).length` says whether the form is valid. */
export function compactErrors<F extends string>(errors: Record<F, string | null>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const [field, error] of Object.entries(errors) as Array<[F, string | null]>) {
    if (error) result[field] = error;
  }
  return result;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
