import { findOneTimeToken, putOneTimeToken, spendOneTimeToken } from '@functions/data/tokens';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { MfaChallenge } from '@shared/contract/auth';
import { AccountDeactivated, MfaLoginExpired } from './errors';
import { checkSecondFactor } from './mfa';
import { hashToken, newOpaqueToken } from './secrets';
import { type SessionTokens, startSession } from './sessions';

/** A user who proved who they are: a session, or (with TOTP on) the code step before it. */
export type SignIn = (SessionTokens & { user: UserRecord }) | MfaChallenge;

/** How long the code step of one login stays open. */
export const MFA_LOGIN_TTL_MS = 5 * 60 * 1000;

/**
 * The one way into a session (docs/decisions.md): every proof of identity — a password, a reset
 * link with a new password, a verification link with the password — ends here. A session at once,
 * or, for an account with a second factor, a single-use `mfaToken` for the code step, bound to the
 * account's session epoch (a reset or deactivation in between ends it).
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
    sessionEpoch: user.sessionEpoch ?? 0,
  });
  return { mfaRequired: true, mfaToken };
}

/**
 * A session for an account whose second factor was proven in this same request: an invited staff
 * member's first code, which turned the factor on with the password they just chose
 * (functions/domain/staff-users/invitation-accept.ts). Without the factor on it refuses to start one.
 */
export async function signInWithProvenFactor(
  user: UserRecord,
  now = new Date(),
): Promise<SessionTokens & { user: UserRecord }> {
  if (!user.mfaEnabled) throw new Error('A session without the code step needs the second factor proven');
  return { ...(await startSession(user, now)), user };
}

/**
 * The code step of a login. A wrong code counts toward the account's second-factor lock (apart from
 * its password failures, which a right password clears); the step's token is used up by the right
 * code, and burnt by the failure that locks the factor.
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
  if (!user || (user.sessionEpoch ?? 0) !== (stored.sessionEpoch ?? 0)) throw new MfaLoginExpired();
  await checkSecondFactor(user, input.code, input.ip, now, {
    onLocked: () => spendOneTimeToken(stored, now),
  });
  if (!(await spendOneTimeToken(stored, now))) throw new MfaLoginExpired();
  if (!user.isActive) throw new AccountDeactivated();
  return { ...(await startSession(user, now)), user };
}
