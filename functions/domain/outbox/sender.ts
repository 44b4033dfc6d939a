import { logger, withLogKeys } from '@functions/commons/logger';
import { isMailRejected, sendMail } from '@functions/commons/mailer';
import { countMetric } from '@functions/commons/metrics';
import { claimOutboxMail, endOutboxClaim, type OutboxRecord } from '@functions/data/outbox';
import { findUndeliverableAddress } from '@functions/data/undeliverable';
import type { SendOutcome } from './outcome';
import { sendTelegramItem } from './telegram-sender';

/**
 * Sends one outbox item at most once (a Telegram item goes through telegram-sender.ts after the claim): it is claimed first (a conditional write only one
 * invocation wins), then checked against the undeliverable addresses, then handed to SES, and the
 * claim ends as sent, suppressed or failed. If SES took the mail but the mark could not be written
 * the mail stays claimed and is never sent again by itself (docs/decisions.md): a duplicate is
 * avoided at the price of an operator's look. Every line about the item carries its id, its kind
 * and the correlation id of what queued it, so a request, job run or transfer leads to its mails.
 */
export async function sendQueuedMail(id: string, now = new Date()): Promise<SendOutcome> {
  const mail = await claimOutboxMail(id, now);
  if (!mail) return 'skipped';
  return withLogKeys(
    { mailId: id, kind: mail.kind, ...(mail.correlationId ? { correlationId: mail.correlationId } : {}) },
    () => (mail.channel === 'telegram' ? sendTelegramItem(mail) : sendClaimedMail(mail, now)),
  );
}

async function sendClaimedMail(mail: OutboxRecord & { claimId: string }, now: Date): Promise<SendOutcome> {
  const id = mail.id;
  if (await findUndeliverableAddress(mail.to)) {
    await endOutboxClaim(mail, { state: 'suppressed' }, now);
    countMetric('MailsSuppressed');
    logger.info('mail suppressed: the address is undeliverable', { mailId: id, kind: mail.kind });
    return 'suppressed';
  }
  let messageId: string;
  try {
    messageId = await sendMail({ to: mail.to, subject: mail.subject!, text: mail.text!, html: mail.html! });
  } catch (error) {
    countMetric('MailsFailed');
    logger.warn('mail not sent', { mailId: id, kind: mail.kind, error: error as Error });
    await endOutboxClaim(mail, { state: 'failed', error: (error as Error).message }, new Date());
    return isMailRejected(error) ? 'rejected' : 'failed';
  }
  countMetric('MailsSent');
  logger.info('mail sent', { messageId });
  try {
    if (!(await endOutboxClaim(mail, { state: 'sent', messageId }, new Date())))
      logger.error('mail sent, but its claim had been taken over', { mailId: id, messageId });
  } catch (error) {
    logger.error('mail sent, but not marked sent: left claimed, never sent again by itself', {
      mailId: id,
      messageId,
      error: error as Error,
    });
  }
  return 'sent';
}

/**
 * Sends a batch of outbox mails in order, one at a time (SES's per-second send rate is the limit,
 * not this loop). The first SES failure ends the batch: SES is likely down for the rest too, so
 * they are answered unsent without a call and retried with it. Answers the ids to retry.
 */
export async function sendQueuedMails(ids: readonly string[], now = new Date()): Promise<string[]> {
  for (const [index, id] of ids.entries()) {
    let outcome: SendOutcome;
    try {
      outcome = await sendQueuedMail(id, now);
    } catch (error) {
      // The table failed (claim or mark): retried like an SES failure.
      logger.error('outbox mail not processed', { mailId: id, error: error as Error });
      outcome = 'failed';
    }
    if (outcome === 'failed') return ids.slice(index);
  }
  return [];
}
