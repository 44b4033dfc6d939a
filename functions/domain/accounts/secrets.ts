import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Opaque secrets (refresh, verification and reset tokens): 32 random bytes, base64url. Only
 * their SHA-256 is stored, so a table dump yields no usable token.
 */
export const OPAQUE_TOKEN_BYTES = 32;

export function newOpaqueToken(): string {
  return randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** Recovery codes of the second factor: 10 characters of 0-9A-Z shown as `XXXXX-XXXXX`. */
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Each character drawn uniformly by `randomInt` (which rejects the values that would favour some:
 * `byte % 36` over a random byte made 0-3 a seventh more likely than the rest).
 */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) {
    if (index === 5) code += '-';
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}
