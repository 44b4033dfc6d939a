import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { DUMMY_HASH } from './dummy-hash';

/**
 * Password hashing. bcrypt reads at most 72 bytes, so a longer password would be silently cut;
 * we feed it the base64 SHA-256 of the password instead (44 ASCII bytes, no NUL), so every
 * character of a password up to the 128-character limit counts (docs/decisions.md).
 * This module is the only importer of bcryptjs: only the bundles that hash or compare include it.
 */
export const BCRYPT_COST = 10;

/**
 * The work factor new hashes get: BCRYPT_COST, unless PASSWORD_HASH_COST asks for another. Only the
 * test stacks set it (to bcrypt's minimum, 4): bcryptjs was half the local API's CPU in `npm test`.
 * CDK never passes it, so every deployed function hashes at BCRYPT_COST (docs/decisions.md).
 */
function hashCost(): number {
  const asked = process.env.PASSWORD_HASH_COST;
  if (!asked) return BCRYPT_COST;
  const cost = Number(asked);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31)
    throw new Error(`PASSWORD_HASH_COST must be an integer from 4 to 31, not "${asked}"`);
  return cost;
}

function prehash(password: string): string {
  return createHash('sha256').update(password.normalize('NFC'), 'utf8').digest('base64');
}

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), hashCost());
}

export function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), passwordHash);
}

/** At another cost (a test stack), a dummy of that cost, made once. */
let dummyAtOtherCost: { cost: number; hash: Promise<string> } | undefined;

function dummyHash(): Promise<string> | string {
  const cost = hashCost();
  if (cost === BCRYPT_COST) return DUMMY_HASH;
  if (dummyAtOtherCost?.cost !== cost)
    dummyAtOtherCost = { cost, hash: bcrypt.hash(randomBytes(24).toString('base64'), cost) };
  return dummyAtOtherCost.hash;
}

export async function verifyAgainstDummy(password: string): Promise<false> {
  await bcrypt.compare(prehash(password), await dummyHash());
  return false;
}
