import { logger } from '@functions/commons/logger';
import { type OutgoingMail, sendMail } from '@functions/commons/mailer';
import { issueLinkToken, type LinkPurpose } from '@functions/data/tokens';
import type { UserRecord } from '@functions/data/users';
import { hashToken, newOpaqueToken } from './secrets';

/**
 * Stores a new single-use link for the user (its hash only), bound to the address it goes to and
 * ending every earlier link of its purpose, then mails it. Returns false when the account no
 * longer has that address or SES refused the mail: the caller's answer does not change, so it is logged.
 */
export async function mailOneTimeLink(
  user: UserRecord,
  token: { purpose: LinkPurpose; ttlMs: number; now: Date },
  mailFor: (rawToken: string) => OutgoingMail,
): Promise<boolean> {
  const rawToken = newOpaqueToken();
  const issued = await issueLinkToken({
    tokenHash: hashToken(rawToken),
    purpose: token.purpose,
    userId: user.id,
    email: user.email,
    createdAt: token.now.toISOString(),
    expiresAtMs: token.now.getTime() + token.ttlMs,
  });
  if (!issued) {
    logger.warn(`${token.purpose} link not issued: the address changed meanwhile`, { userId: user.id });
    return false;
  }
  try {
    await sendMail(mailFor(rawToken));
    return true;
  } catch (error) {
    logger.error(`${token.purpose} mail not sent`, { userId: user.id, error: error as Error });
    return false;
  }
}
