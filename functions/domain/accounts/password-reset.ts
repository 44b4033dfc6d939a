import { findOneTimeToken, spendLinkToken } from '@functions/data/tokens';
import { findUserById, firstVerification } from '@functions/data/users';
import { businessDayOf } from '@shared/business-time';
import { businessTimeZone } from '../settings/business-time';
import { ResetLinkInvalid } from './errors';
import { hashPassword } from './passwords';
import { hashToken } from './secrets';
import { type SignIn, signIn } from './sign-in';
import { forgetLoginFailures } from './throttling';

/**
 * Sets a new password from a mailed reset link: the link is used up, the password replaced, every
 * session ended (sessionEpoch + 1) and the email counted as verified (the link proved it), all in
 * one transaction. A lockout of the account is lifted and the mailbox holder is logged in (after
 * the code step if the account has a second factor): someone who keeps an account locked with
 * wrong passwords cannot keep its owner out (docs/decisions.md).
 */
export async function resetPassword(input: { token: string; password: string; now?: Date }): Promise<SignIn> {
  const now = input.now ?? new Date();
  const stored = await findOneTimeToken(hashToken(input.token), 'reset-password');
  if (!stored || stored.usedAt || stored.expiresAtMs <= now.getTime()) {
    throw new ResetLinkInvalid();
  }
  const user = await findUserById(stored.userId, true);
  // A deactivated account is not reset, nor logged in.
  if (!user?.isActive) throw new ResetLinkInvalid();
  const passwordHash = await hashPassword(input.password);
  // The link proves the address: a reset is the account's first verification if nothing was before
  // (its referral counts then, and only then).
  const first = firstVerification(user, businessDayOf(now, await businessTimeZone()));
  const used = await spendLinkToken(
    { ...stored, purpose: 'reset-password' },
    now,
    {
      update: `SET passwordHash = :hash, emailVerified = :true, updatedAt = :now, ${first.update} ADD sessionEpoch :one`,
      values: { ':hash': passwordHash, ':true': true, ':now': now.toISOString(), ':one': 1, ...first.values },
      ...(first.condition ? { condition: first.condition } : {}),
    },
    first.items,
  );
  if (!used) throw new ResetLinkInvalid();
  await forgetLoginFailures(user.id);
  // The user as the transaction left it: no second read before the session starts.
  return signIn(
    {
      ...user,
      passwordHash,
      emailVerified: true,
      verifiedOnce: true,
      sessionEpoch: (user.sessionEpoch ?? 0) + 1,
      updatedAt: now.toISOString(),
    },
    now,
  );
}
