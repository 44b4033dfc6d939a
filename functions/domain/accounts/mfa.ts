import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mfaEncryptionKey } from '@functions/commons/mfa-key';
import {
  clearMfa,
  enableMfaSecret,
  type MfaCodeUse,
  markMfaCodeUsed,
  setPendingMfaSecret,
} from '@functions/data/mfa';
import { outboxPut } from '@functions/data/outbox';
import type { UserRecord } from '@functions/data/users';
import { mfaEnabledMail } from '@functions/mail/account-mails';
import brandName from '@shared/brand/names.json';
import type { MfaEnableData, MfaSetupData } from '@shared/contract/mfa';
import { RECOVERY_CODE_COUNT, TOTP_CODE_PATTERN } from '@shared/contract/mfa';
import { Secret, TOTP } from 'otpauth';
import { countQueuedMails } from '../outbox/queue';
import { confirmCurrentPassword } from './current-password';
import { MfaAlreadyOn, MfaCodeWrong, MfaNotOn, MfaSetupMissing } from './errors';
import type { Principal } from './principal';
import { hashToken, newRecoveryCode } from './secrets';
import { bookFactorAttempt, forgetFactorFailures, noteFactorFailure } from './throttling';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
/** The name authenticator apps list the account under: the brand's (shared/brand/names.json). */
const ISSUER = brandName.en;

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
async function spendMfaCode(user: UserRecord, code: string, now: Date): Promise<void> {
  if (!user.mfaEnabled || !user.mfaSecret) throw new MfaNotOn();
  const use = await codeUse(user, code, user.mfaSecret, now);
  // A lost race (the same code used by another request first) is a wrong code too.
  if (!use || !(await markMfaCodeUsed(user.id, use))) throw new MfaCodeWrong();
}

/**
 * Every check of an account's second factor (the login's code step, turning it off): booked against
 * the factor's own lock before the code is looked at, a wrong code counted (the one that fills the
 * run locks the factor for a while, from any address, and `onLocked` burns what the caller holds),
 * and only a right code clears the count (docs/decisions.md).
 */
export async function checkSecondFactor(
  user: UserRecord,
  code: string,
  ip: string,
  now: Date,
  options: { onLocked?: () => Promise<unknown> } = {},
): Promise<void> {
  const attempt = await bookFactorAttempt(user.id, ip, now);
  try {
    await spendMfaCode(user, code, now);
  } catch (error) {
    if ((await noteFactorFailure(user.id, ip, attempt, now)) && options.onLocked) await options.onLocked();
    throw error;
  }
  await forgetFactorFailures(user.id);
}

/** A new TOTP secret for an account-to-be (a staff invitation): as shown, and sealed to store. */
export async function newTotpSecret(
  label: string,
): Promise<{ secret: string; otpauthUrl: string; sealed: string }> {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, label).toString(), sealed: await encryptSecret(secret) };
}

/** An already sealed secret offered again, as `newTotpSecret` offered it. */
export async function sealedTotpSecret(
  sealed: string,
  label: string,
): Promise<{ secret: string; otpauthUrl: string; sealed: string }> {
  const secret = await decryptSecret(sealed);
  return { secret, otpauthUrl: totpFor(secret, label).toString(), sealed };
}

/** The TOTP step a first code proves against a sealed secret (the app has it), or null. */
export async function firstCodeStep(
  sealed: string,
  label: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const compact = code.replace(/\s/g, '');
  if (!TOTP_CODE_PATTERN.test(compact)) return null;
  const totp = totpFor(await decryptSecret(sealed), label);
  const delta = totp.validate({ token: compact, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** A new set of recovery codes: shown once, stored by their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/**
 * Step 1: a new secret, stored sealed as pending; TOTP stays off until a code proves the app has it.
 * The account's password first: a stolen access token alone must not enrol another authenticator.
 */
export async function startMfaSetup(
  user: UserRecord,
  currentPassword: string,
  ip: string,
  now = new Date(),
): Promise<MfaSetupData> {
  if (user.mfaEnabled) throw new MfaAlreadyOn();
  await confirmCurrentPassword(user, currentPassword, ip, now);
  const secret = new Secret({ size: 20 }).base32;
  await setPendingMfaSecret(user.id, await encryptSecret(secret));
  return { secret, otpauthUrl: totpFor(secret, user.email).toString() };
}

/**
 * Step 2: the password and the first code turn TOTP on and answer the recovery codes, the only time
 * they are shown. Every other session of the account ends (a thief's among them); the caller's stays.
 * The holder is mailed a security notice in the same transaction.
 */
export async function enableMfa(
  principal: Principal,
  input: { code: string; currentPassword: string; ip: string; now?: Date },
): Promise<MfaEnableData> {
  const now = input.now ?? new Date();
  const { user, sessionId } = principal;
  if (user.mfaEnabled) throw new MfaAlreadyOn();
  if (!user.mfaPendingSecret) throw new MfaSetupMissing();
  await confirmCurrentPassword(user, input.currentPassword, input.ip, now);
  const use = await codeUse(user, input.code, user.mfaPendingSecret, now);
  if (use?.kind !== 'step') throw new MfaCodeWrong();
  const recovery = newRecoveryCodes();
  // The holder is told in the change's own transaction: a thief who enrolled their own app is seen.
  const enabled = await enableMfaSecret(
    user,
    {
      pendingSecret: user.mfaPendingSecret,
      step: use.step,
      recoveryHashes: recovery.hashes,
      keepSessionId: sessionId,
    },
    [outboxPut('mfa-enabled', mfaEnabledMail(user), now)],
  );
  if (!enabled) throw new MfaSetupMissing();
  countQueuedMails();
  return { recoveryCodes: recovery.codes };
}

/** Turns TOTP off with the password and a code or a recovery code (the code counts as at login). */
export async function disableMfa(
  user: UserRecord,
  input: { code: string; currentPassword: string; ip: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await confirmCurrentPassword(user, input.currentPassword, input.ip, now);
  await checkSecondFactor(user, input.code, input.ip, now);
  await clearMfa(user.id);
}
