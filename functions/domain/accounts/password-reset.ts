import { consumeOneTimeToken, findOneTimeToken } from '@functions/data/tokens';
import { findUserById, referralCountIncrement } from '@functions/data/users';
import { ResetLinkInvalid } from './errors';
import { hashPassword } from './passwords';
import { hashToken } from './secrets';
import { forgetLoginFailures } from './throttling';

/**
 * Sets a new password from a mailed reset link: the token is used up, the password replaced, every
 * session ended (sessionEpoch + 1) and the email counted as verified (the link proved it), all in
 * one transaction; a lockout of the account is lifted.
 */
export async function resetPassword(input: { token: string; password: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const stored = await findOneTimeToken(hashToken(input.token), 'reset-password');
  if (!stored || stored.usedAt || stored.expiresAtMs <= now.getTime()) {
    throw new ResetLinkInvalid();
  }
  const user = await findUserById(stored.userId, true);
  if (!user) throw new ResetLinkInvalid();
  const passwordHash = await hashPassword(input.password);
  // A reset that verifies the address for the first time also counts the user's referral.
  const verifiesNow = !user.emailVerified && user.invitedBy !== null;
  const consumed = await consumeOneTimeToken(
    stored,
    now,
    {
      UpdateExpression:
        'SET passwordHash = :hash, emailVerified = :true, updatedAt = :now ADD sessionEpoch :one',
      ExpressionAttributeValues: {
        ':hash': passwordHash,
        ':true': true,
        ':now': now.toISOString(),
        ':one': 1,
        ...(verifiesNow ? { ':false': false } : {}),
      },
      ...(verifiesNow ? { condition: 'emailVerified = :false' } : {}),
    },
    verifiesNow && user.invitedBy ? [referralCountIncrement(user.invitedBy)] : [],
  );
  if (!consumed) throw new ResetLinkInvalid();
  await forgetLoginFailures(user.id);
}
