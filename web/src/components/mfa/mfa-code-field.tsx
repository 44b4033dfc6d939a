import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@shared/contract/mfa';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { TextField } from '../ui/field';

interface MfaCodeFieldProps {
  label: ReactNode;
  /** A recovery code `ABCDE-12345` instead of the app's 6 digits. */
  recovery?: boolean;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | null;
  hint?: ReactNode;
}

const APP_CODE: InputHTMLAttributes<HTMLInputElement> = {
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: 6,
};
const RECOVERY_CODE: InputHTMLAttributes<HTMLInputElement> = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  placeholder: 'ABCDE-12345',
  maxLength: 11,
};

/**
 * The one field of a second-factor step: the 6 digits of the authenticator app (the browser may
 * offer a one-time code, phones show a digit keypad), or a recovery code.
 */
export function MfaCodeField({ recovery = false, ...field }: MfaCodeFieldProps) {
  return <TextField {...field} {...(recovery ? RECOVERY_CODE : APP_CODE)} />;
}

/** Whether the value has the shape of its kind (the server checks the code itself). */
export function mfaCodeShapeOk(code: string, recovery: boolean): boolean {
  const value = code.trim().toUpperCase();
  return recovery ? RECOVERY_CODE_PATTERN.test(value) : TOTP_CODE_PATTERN.test(value.replace(/\s/g, ''));
}
