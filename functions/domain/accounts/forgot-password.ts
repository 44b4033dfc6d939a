import { findUserByEmail } from '@functions/data/users';
import { passwordResetMail } from '@functions/mail/account-mails';
import { AddressThrottled } from './errors';
import { resetPasswordLink } from './links';
import { mailOneTimeLink } from './one-time-links';
import { hashToken } from './secrets';
import { hitAll, LIMITS } from './throttling';
import { atLeast } from './timing';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * Mails a single-use reset link (30 minutes) to an existing active account. Always the same 200
 * answer after the same minimum time; beyond the per-address limit nothing is sent (still 200),
 * beyond the per-IP limit the caller gets 429, so the endpoint cannot be used to flood a mailbox.
 */
export async function requestPasswordReset(input: { email: string; ip: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  await atLeast(400, async () => {
    const ipLimit = await hitAll('forgot-ip', input.ip, [LIMITS.forgotPerIp], now);
    if (ipLimit) throw new AddressThrottled(ipLimit.retryAfterSeconds);
    if (await hitAll('forgot-address', hashToken(input.email), LIMITS.forgotPerAddress, now)) return;
    const user = await findUserByEmail(input.email);
    if (!user?.isActive) return;
    await mailOneTimeLink(
      user,
      { purpose: 'reset-password', ttlMs: RESET_TOKEN_TTL_MS, now },
      { kind: 'reset-password', build: (token) => passwordResetMail(user, resetPasswordLink(token)) },
    );
  });
}
