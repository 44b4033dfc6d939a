import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * Password hashing. bcrypt reads at most 72 bytes, so a longer password would be silently cut;
 * we feed it the base64 SHA-256 of the password instead (44 ASCII bytes, no NUL), so every
 * character of a password up to the 128-character limit counts (docs/decisions.md).
 * This module is the only importer of bcryptjs: only the bundles that hash or compare include it.
 */
export const BCRYPT_COST = 10;

function prehash(password: string): string {
  return createHash('sha256').update(password.normalize('NFC'), 'utf8').digest('base64');
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), BCRYPT_COST);
}

export function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), passwordHash);
}

/**
 * A hash of a random password at the same cost: comparing against it when the account does not
 * exist makes "unknown user" take as long as "wrong password".
 */
export const DUMMY_HASH = '$2b$10$Y0Md4ZM.FcvCfmTxHb/cseyR4.ZjiHuWaII6.VWMV4ShLy7Okb8Q6';

export async function verifyAgainstDummy(password: string): Promise<false> {
  await bcrypt.compare(prehash(password), DUMMY_HASH);
  return false;
}
