import { findOneTimeToken, spendLinkToken } from '@functions/data/tokens';
import { findUserByEmail, findUserById, firstVerification, type UserRecord } from '@functions/data/users';
import { type MailRecipient, verificationMail } from '@functions/mail/account-mails';
import { businessDayOf } from '@shared/business-time';
import { businessTimeZone } from '../settings/business-time';
import {
  AccountDeactivated,
  AddressThrottled,
  ResendThrottled,
  VerificationLinkInvalid,
  VerificationPasswordWrong,
  VerificationTokenMissing,
} from './errors';
import { verifyEmailLink } from './links';
import { type LinkMailSpec, type LinkSpec, mailOneTimeLink, newLinkMail } from './one-time-links';
import { verifyPassword } from './passwords';
import { hashToken } from './secrets';
import { type SignIn, signIn } from './sign-in';
import { bookLoginAttempt, forgetLoginFailures, hitAll, LIMITS, noteLoginFailure } from './throttling';
import { atLeast } from './timing';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const verificationLink = (now: Date): LinkSpec => ({
  purpose: 'verify-email',
  ttlMs: VERIFICATION_TOKEN_TTL_MS,
  now,
});

const verificationMailOf = (user: MailRecipient): LinkMailSpec => ({
  kind: 'verify-email',
  build: (token) => verificationMail(user, verifyEmailLink(token)),
});

/**
 * Stores a new verification token (hash only) and queues the mail with its link, in one
 * transaction. Returns false when the account no longer has the address (nothing was queued).
 */
export async function sendVerificationMail(user: UserRecord, now = new Date()): Promise<boolean> {
  return mailOneTimeLink(user, verificationLink(now), verificationMailOf(user));
}

/** The verification link of an account being created and its mail, written with the account. */
export function newVerificationLink(user: Pick<UserRecord, 'id' | 'email'> & MailRecipient, now: Date) {
  return newLinkMail(user, verificationLink(now), verificationMailOf(user));
}

/**
 * Marks the email verified and signs the user in, through the one sign-in step (a second factor
 * asks for its code first). Verification proves who holds the mailbox, so the mailbox holder must
 * also know the account's password: someone who registered another person's address cannot have the
 * owner verify it for them (docs/decisions.md). A wrong password counts toward the account's lockout
 * like a failed login. Every bad link gets a 400 with the spec's texts.
 */
export async function verifyEmail(input: {
  token: string | undefined;
  password: string;
  ip: string;
  now?: Date;
}): Promise<SignIn> {
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
  // The referral counts with the account's first verification, in the verifying transaction: a
  // throwaway sign-up never does, nor does verifying a changed address again.
  const first = firstVerification(user, businessDayOf(now, await businessTimeZone()));
  const used = await spendLinkToken(
    { ...stored, purpose: 'verify-email' },
    now,
    {
      update: `SET emailVerified = :true, updatedAt = :now, ${first.update}`,
      values: {
        ':true': true,
        ':false': false,
        ':now': now.toISOString(),
        ':hash': user.passwordHash,
        ...first.values,
      },
      // Verified once (two links racing cannot both verify, nor both count the referral), and with
      // the password just checked: a re-registration in between replaced it.
      condition: ['emailVerified = :false AND passwordHash = :hash', first.condition]
        .filter(Boolean)
        .join(' AND '),
    },
    first.items,
  );
  if (!used) throw new VerificationLinkInvalid();
  await forgetLoginFailures(user.id);
  return signIn({ ...user, emailVerified: true, verifiedOnce: true, updatedAt: now.toISOString() }, now);
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
