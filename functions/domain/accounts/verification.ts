import { findOneTimeToken, spendLinkToken } from '@functions/data/tokens';
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
  VerificationPasswordWrong,
  VerificationTokenMissing,
} from './errors';
import { verifyEmailLink } from './links';
import { mailOneTimeLink } from './one-time-links';
import { verifyPassword } from './passwords';
import { hashToken } from './secrets';
import { type SessionTokens, startSession } from './sessions';
import { bookLoginAttempt, forgetLoginFailures, hitAll, LIMITS, noteLoginFailure } from './throttling';
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

/**
 * Marks the email verified and logs the user in. Verification proves who holds the mailbox, so the
 * mailbox holder must also know the account's password: someone who registered another person's
 * address cannot have the owner verify it for them (docs/decisions.md). A wrong password counts
 * toward the account's lockout like a failed login. Every bad link gets a 400 with the spec's texts.
 */
export async function verifyEmail(input: {
  token: string | undefined;
  password: string;
  ip: string;
  now?: Date;
}): Promise<SessionTokens & { user: UserRecord }> {
  const now = input.now ?? new Date();
  if (!input.token) throw new VerificationTokenMissing();
  const stored = await findOneTimeToken(hashToken(input.token), 'verify-email');
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
  const attempt = await bookLoginAttempt(user.id, input.ip, now);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await noteLoginFailure(user.id, input.ip, attempt, now);
    throw new VerificationPasswordWrong();
  }
  // The referral counts now, in the verifying transaction: a throwaway sign-up never does.
  const used = await spendLinkToken(
    { ...stored, purpose: 'verify-email' },
    now,
    {
      update: 'SET emailVerified = :true, updatedAt = :now',
      values: { ':true': true, ':false': false, ':now': now.toISOString(), ':hash': user.passwordHash },
      // Verified once (two links racing cannot both verify, nor both count the referral), and with
      // the password just checked: a re-registration in between replaced it.
      condition: 'emailVerified = :false AND passwordHash = :hash',
    },
    user.invitedBy ? [referralCountIncrement(user.invitedBy)] : [],
  );
  if (!used) throw new VerificationLinkInvalid();
  await forgetLoginFailures(user.id);
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
