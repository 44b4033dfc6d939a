import { TooManyRequestsError } from '../../commons/errors';
import { logger } from '../../commons/logger';
import { sendMail } from '../../commons/mailer';
import { putOneTimeToken } from '../../data/tokens';
import { findUserByEmail } from '../../data/users';
import { passwordResetMail } from '../../mail/account-mails';
import { resetPasswordLink } from './links';
import { AUTH_MESSAGES } from './messages';
import { hashToken, newOpaqueToken } from './secrets';
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
    if (ipLimit) throw new TooManyRequestsError(AUTH_MESSAGES.ipThrottled, ipLimit.retryAfterSeconds);
    if (await hitAll('forgot-address', hashToken(input.email), LIMITS.forgotPerAddress, now)) return;
    const user = await findUserByEmail(input.email);
    if (!user?.isActive) return;
    const token = newOpaqueToken();
    await putOneTimeToken({
      tokenHash: hashToken(token),
      purpose: 'reset-password',
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAtMs: now.getTime() + RESET_TOKEN_TTL_MS,
    });
    try {
      await sendMail(passwordResetMail(user, resetPasswordLink(token)));
    } catch (error) {
      logger.error('reset mail not sent', { userId: user.id, error: error as Error });
    }
  });
}
