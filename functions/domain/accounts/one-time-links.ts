import { logger } from '@functions/commons/logger';
import type { OutgoingMail } from '@functions/commons/mailer';
import { type MailKind, outboxPut } from '@functions/data/outbox';
import { issueLinkToken, type LinkPurpose, type OneTimeTokenRecord } from '@functions/data/tokens';
import type { TransactItem } from '@functions/data/transactions';
import type { UserRecord } from '@functions/data/users';
import { countQueuedMails } from '../outbox/queue';
import { hashToken, newOpaqueToken } from './secrets';

export interface LinkSpec {
  purpose: LinkPurpose;
  ttlMs: number;
  now: Date;
}

export interface LinkMailSpec {
  kind: MailKind;
  build: (rawToken: string) => OutgoingMail;
}

/**
 * A new single-use link for the user's address: the token to store (its hash only) and the outbox
 * item of the mail that carries the raw token, both to be written in one transaction.
 */
export function newLinkMail(
  user: Pick<UserRecord, 'id' | 'email'>,
  token: LinkSpec,
  mail: LinkMailSpec,
): { token: OneTimeTokenRecord & { purpose: LinkPurpose; email: string }; mailItem: TransactItem } {
  const rawToken = newOpaqueToken();
  return {
    token: {
      tokenHash: hashToken(rawToken),
      purpose: token.purpose,
      userId: user.id,
      email: user.email,
      createdAt: token.now.toISOString(),
      expiresAtMs: token.now.getTime() + token.ttlMs,
    },
    mailItem: outboxPut(mail.kind, mail.build(rawToken), token.now),
  };
}

/**
 * Stores a new single-use link for the user (its hash only), bound to the address it goes to and
 * ending every earlier link of its purpose, and queues its mail in the same transaction (the
 * outbox sends it). Returns false when the account no longer has that address: nothing was
 * issued or queued, and the caller's answer does not change, so it is logged.
 */
export async function mailOneTimeLink(
  user: UserRecord,
  token: LinkSpec,
  mail: LinkMailSpec,
): Promise<boolean> {
  const link = newLinkMail(user, token, mail);
  const issued = await issueLinkToken(link.token, [link.mailItem]);
  if (!issued) {
    logger.warn(`${token.purpose} link not issued: the address changed meanwhile`, { userId: user.id });
    return false;
  }
  countQueuedMails();
  return true;
}
