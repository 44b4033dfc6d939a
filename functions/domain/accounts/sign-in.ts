import { findOneTimeToken, putOneTimeToken, spendOneTimeToken } from '@functions/data/tokens';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { MfaChallenge } from '@shared/contract/auth';
import { AccountDeactivated, MfaLoginExpired } from './errors';
import { spendMfaCode } from './mfa';
import { hashToken, newOpaqueToken } from './secrets';
import { type SessionTokens, startSession } from './sessions';
import { bookLoginAttempt, forgetLoginFailures, noteLoginFailure } from './throttling';

/** A user who proved who they are: a session, or (with TOTP on) the code step before it. */
export type SignIn = (SessionTokens & { user: UserRecord }) | MfaChallenge;

/** How long the code step of one login stays open. */
export const MFA_LOGIN_TTL_MS = 5 * 60 * 1000;

/**
 * Ends a proof of identity (password, or a reset link with a new password): a session at once,
 * or, for an account with a second factor, a single-use `mfaToken` for the code step.
 */
export async function signIn(user: UserRecord, now = new Date()): Promise<SignIn> {
  if (!user.mfaEnabled) return { ...(await startSession(user, now)), user };
  const mfaToken = newOpaqueToken();
  await putOneTimeToken({
    tokenHash: hashToken(mfaToken),
    purpose: 'mfa-login',
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAtMs: now.getTime() + MFA_LOGIN_TTL_MS,
  });
  return { mfaRequired: true, mfaToken };
}

/**
 * The code step of a login. A wrong code counts toward the account's lockout like a wrong
 * password; the step's token is used up only by the right code, so it can be retried until it
 * expires or the account locks.
 */
export async function completeMfaLogin(input: {
  mfaToken: string;
  code: string;
  ip: string;
  now?: Date;
}): Promise<SessionTokens & { user: UserRecord }> {
  const now = input.now ?? new Date();
  const stored = await findOneTimeToken(hashToken(input.mfaToken), 'mfa-login');
  if (!stored || stored.usedAt || stored.expiresAtMs <= now.getTime()) throw new MfaLoginExpired();
  const user = await findUserById(stored.userId, true);
  if (!user) throw new MfaLoginExpired();
  const attempt = await bookLoginAttempt(user.id, input.ip, now);
  try {
    await spendMfaCode(user, input.code, now);
  } catch (error) {
    await noteLoginFailure(user.id, input.ip, attempt, now);
    throw error;
  }
  if (!(await spendOneTimeToken(stored, now))) throw new MfaLoginExpired();
  await forgetLoginFailures(user.id);
  if (!user.isActive) throw new AccountDeactivated();
  return { ...(await startSession(user, now)), user };
}
