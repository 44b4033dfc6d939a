import { consumeOneTimeToken, findOneTimeToken } from '@functions/data/tokens';
import {
  findUserByEmail,
  findUserById,
  referralCountIncrement,
  type UserRecord,
} from '@functions/data/users';
import { verificationMail } from '@functions/mail/account-mails';
import {
  AccountDeactivated,
  AddressThrottled,
  ResendThrottled,
  VerificationLinkInvalid,
  VerificationTokenMissing,
} from './errors';
import { verifyEmailLink } from './links';
import { mailOneTimeLink } from './one-time-links';
import { hashToken } from './secrets';
import { type SessionTokens, startSession } from './sessions';
import { hitAll, LIMITS } from './throttling';
import { atLeast } from './timing';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a new verification token (hash only) and mails its link. Returns false when SES refused
 * the mail: the account stays as it is and the user can ask for another mail.
 */
export async function sendVerificationMail(user: UserRecord, now = new Date()): Promise<boolean> {
  return mailOneTimeLink(user, { purpose: 'verify-email', ttlMs: VERIFICATION_TOKEN_TTL_MS, now }, (token) =>
    verificationMail(user, verifyEmailLink(token)),
  );
}

/** Marks the email verified and logs the user in; every bad link gets a 400 with the spec's texts. */
export async function verifyEmail(
  token: string | undefined,
  now = new Date(),
): Promise<SessionTokens & { user: UserRecord }> {
  if (!token) throw new VerificationTokenMissing();
  const stored = await findOneTimeToken(hashToken(token), 'verify-email');
  if (!stored) throw new VerificationTokenMissing();
  if (stored.usedAt || stored.expiresAtMs <= now.getTime()) {
    throw new VerificationLinkInvalid();
  }
  const user = await findUserById(stored.userId, true);
  if (!user) throw new VerificationTokenMissing();
  if (!user.isActive) throw new AccountDeactivated();
  // A link logs in only while the address awaits it: once verified (by another link or a password
  // reset), an older unused link from the mailbox must not open a session.
  if (user.emailVerified) throw new VerificationLinkInvalid();
  // The referral counts now, in the verifying transaction: a throwaway sign-up never does.
  const consumed = await consumeOneTimeToken(
    stored,
    now,
    {
      UpdateExpression: 'SET emailVerified = :true, updatedAt = :now',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':now': now.toISOString() },
      // Verified once: two links racing cannot both verify, nor both count the referral.
      condition: 'emailVerified = :false',
    },
    user.invitedBy ? [referralCountIncrement(user.invitedBy)] : [],
  );
  if (!consumed) throw new VerificationLinkInvalid();
  const verified: UserRecord = { ...user, emailVerified: true, updatedAt: now.toISOString() };
  return { ...(await startSession(verified, now)), user: verified };
}

/**
 * Sends a new verification mail when the address belongs to an active, unverified account. The
 * answer is the same in every case (and takes at least the same time), so it reveals nothing;
 * only the throttle (per address, counted whether or not the account exists, and per IP) answers 429.
 */
export async function resendVerification(input: { email: string; ip: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  await atLeast(400, async () => {
    const ipLimit = await hitAll('resend-ip', input.ip, [LIMITS.resendPerIp], now);
    if (ipLimit) throw new AddressThrottled(ipLimit.retryAfterSeconds);
    const addressLimit = await hitAll('resend-address', hashToken(input.email), LIMITS.resendPerAddress, now);
    if (addressLimit) throw new ResendThrottled(addressLimit.retryAfterSeconds);
    const user = await findUserByEmail(input.email);
    if (user?.isActive && !user.emailVerified) await sendVerificationMail(user, now);
  });
}
