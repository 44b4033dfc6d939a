import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mfaEncryptionKey } from '@functions/commons/mfa-key';
import {
  clearMfa,
  enableMfaSecret,
  type MfaCodeUse,
  markMfaCodeUsed,
  setPendingMfaSecret,
} from '@functions/data/mfa';
import type { UserRecord } from '@functions/data/users';
import type { MfaEnableData, MfaSetupData } from '@shared/contract/mfa';
import { RECOVERY_CODE_COUNT, TOTP_CODE_PATTERN } from '@shared/contract/mfa';
import { Secret, TOTP } from 'otpauth';
import { MfaAlreadyOn, MfaCodeWrong, MfaNotOn, MfaSetupMissing } from './errors';
import { hashToken } from './secrets';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Exchange';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** AES-256-GCM with a random nonce: `v1.<nonce>.<tag>.<ciphertext>`, each base64url. */
async function encryptSecret(secretBase32: string): Promise<string> {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await mfaEncryptionKey(), nonce);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

async function decryptSecret(sealed: string): Promise<string> {
  const [, nonce, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', await mfaEncryptionKey(), nonce!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

/** Recovery codes: 10 random characters of 0-9A-Z shown as `XXXXX-XXXXX`; kept as SHA-256 hashes. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

function recoveryCodeHash(code: string): string {
  return hashToken(code.replace(/-/g, '').toUpperCase());
}

/**
 * What a presented code would use up, if it is right: a TOTP step later than the last one used
 * (so a code works once, even within its window), or one of the stored recovery codes. Null when
 * it is neither.
 */
async function codeUse(
  user: UserRecord,
  code: string,
  sealedSecret: string,
  now: Date,
): Promise<MfaCodeUse | null> {
  const compact = code.replace(/\s/g, '');
  if (TOTP_CODE_PATTERN.test(compact)) {
    const totp = totpFor(await decryptSecret(sealedSecret), user.email);
    const delta = totp.validate({ token: compact, timestamp: now.getTime(), window: 1 });
    if (delta === null) return null;
    const step = totp.counter({ timestamp: now.getTime() }) + delta;
    return step > (user.mfaLastStep ?? -1) ? { kind: 'step', step } : null;
  }
  const hash = recoveryCodeHash(code);
  return user.mfaRecoveryHashes?.has(hash) ? { kind: 'recovery', hash } : null;
}

/** Checks a code of an account with TOTP on and uses it up; MfaCodeWrong when it is not good (now). */
export async function spendMfaCode(user: UserRecord, code: string, now: Date): Promise<void> {
  if (!user.mfaEnabled || !user.mfaSecret) throw new MfaNotOn();
  const use = await codeUse(user, code, user.mfaSecret, now);
  // A lost race (the same code used by another request first) is a wrong code too.
  if (!use || !(await markMfaCodeUsed(user.id, use))) throw new MfaCodeWrong();
}

/** Step 1: a new secret, stored sealed as pending; TOTP stays off until a code proves the app has it. */
export async function startMfaSetup(user: UserRecord): Promise<MfaSetupData> {
  if (user.mfaEnabled) throw new MfaAlreadyOn();
  const secret = new Secret({ size: 20 }).base32;
  await setPendingMfaSecret(user.id, await encryptSecret(secret));
  return { secret, otpauthUrl: totpFor(secret, user.email).toString() };
}

/** Step 2: the first code turns TOTP on and answers the recovery codes, the only time they are shown. */
export async function enableMfa(user: UserRecord, code: string, now = new Date()): Promise<MfaEnableData> {
  if (user.mfaEnabled) throw new MfaAlreadyOn();
  if (!user.mfaPendingSecret) throw new MfaSetupMissing();
  const use = await codeUse(user, code, user.mfaPendingSecret, now);
  if (use?.kind !== 'step') throw new MfaCodeWrong();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await enableMfaSecret(user.id, {
    pendingSecret: user.mfaPendingSecret,
    step: use.step,
    recoveryHashes: recoveryCodes.map(recoveryCodeHash),
  });
  if (!enabled) throw new MfaSetupMissing();
  return { recoveryCodes };
}

/** Turns TOTP off with a code or a recovery code. */
export async function disableMfa(user: UserRecord, code: string, now = new Date()): Promise<void> {
  await spendMfaCode(user, code, now);
  await clearMfa(user.id);
}
