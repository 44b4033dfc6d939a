import * as z from 'zod/mini';
import { schema } from '../schema';
import { presentedPasswordSchema } from './auth';

/** The staff second factor: TOTP (RFC 6238: 30 s, 6 digits, SHA-1) and single-use recovery codes. */

/** `123456` from the app, or a recovery code `XXXXX-XXXXX` (case and the dash are optional). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[0-9A-Z]{5}-?[0-9A-Z]{5}$/;
export const RECOVERY_CODE_COUNT = 10;

export const mfaCodeSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.string({ error: 'mfaCodeFormat' }).check(z.trim(), z.toUpperCase(), z.maxLength(32)),
    z
      .string()
      .check(
        z.refine(
          (code) => TOTP_CODE_PATTERN.test(code.replace(/\s/g, '')) || RECOVERY_CODE_PATTERN.test(code),
          'mfaCodeFormat',
        ),
      ),
  ),
);

/**
 * Setting the second factor up, turning it on or off takes the account's password too: a stolen
 * access token alone must not enrol another authenticator or remove the owner's.
 */
export const mfaSetupBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ currentPassword: presentedPasswordSchema }),
);
export type MfaSetupBody = z.input<typeof mfaSetupBodySchema>;

export const mfaCodeBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ code: mfaCodeSchema, currentPassword: presentedPasswordSchema }),
);
export type MfaCodeBody = z.input<typeof mfaCodeBodySchema>;

export const mfaVerifyBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    mfaToken: z.string().check(z.minLength(1, 'mfaCodeFormat'), z.maxLength(256)),
    code: mfaCodeSchema,
  }),
);
export type MfaVerifyBody = z.input<typeof mfaVerifyBodySchema>;

/** POST /auth/mfa/setup: the new secret (base32) and the otpauth:// URL an app scans as a QR code. */
export const mfaSetupDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ secret: z.string(), otpauthUrl: z.string() }),
);
export type MfaSetupData = z.infer<typeof mfaSetupDataSchema>;

/** POST /auth/mfa/enable: the recovery codes, shown this once (only their hashes are kept). */
export const mfaEnableDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ recoveryCodes: z.array(z.string()) }),
);
export type MfaEnableData = z.infer<typeof mfaEnableDataSchema>;
