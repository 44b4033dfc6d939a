import { logger } from '@functions/commons/logger';
import { type OutgoingMail, sendMail } from '@functions/commons/mailer';
import { putOneTimeToken, type TokenPurpose } from '@functions/data/tokens';
import type { UserRecord } from '@functions/data/users';
import { hashToken, newOpaqueToken } from './secrets';

/**
 * Stores a new single-use token for the user (its hash only) and mails the link made from it.
 * Returns false when SES refused the mail: the caller's answer does not change, so it is logged.
 */
export async function mailOneTimeLink(
  user: UserRecord,
  token: { purpose: TokenPurpose; ttlMs: number; now: Date },
  mailFor: (rawToken: string) => OutgoingMail,
): Promise<boolean> {
  const rawToken = newOpaqueToken();
  await putOneTimeToken({
    tokenHash: hashToken(rawToken),
    purpose: token.purpose,
    userId: user.id,
    createdAt: token.now.toISOString(),
    expiresAtMs: token.now.getTime() + token.ttlMs,
  });
  try {
    await sendMail(mailFor(rawToken));
    return true;
  } catch (error) {
    logger.error(`${token.purpose} mail not sent`, { userId: user.id, error: error as Error });
    return false;
  }
}
