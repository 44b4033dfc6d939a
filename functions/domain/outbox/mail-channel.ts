import { logger } from '@functions/commons/logger';
import { isMailRejected, sendMail } from '@functions/commons/mailer';
import { countMetric } from '@functions/commons/metrics';
import { type ClaimedOutboxItem, endOutboxClaim } from '@functions/data/outbox';
import { findUndeliverableAddress } from '@functions/data/undeliverable';
import { CHANNEL_FIGURES } from './channels';
import type { SendOutcome } from './outcome';

/**
 * Sends one claimed mail: checked against the undeliverable addresses, then handed to SES, and the
 * claim ends as sent, suppressed or failed. If SES took the mail but the mark could not be written
 * the mail stays claimed and is never sent again by itself (docs/decisions.md): a duplicate is
 * avoided at the price of an operator's look.
 */
export async function sendClaimedMail(mail: ClaimedOutboxItem, now: Date): Promise<SendOutcome> {
  if (await findUndeliverableAddress(mail.to)) {
    await endOutboxClaim(mail, { state: 'suppressed' }, now);
    countMetric('MailsSuppressed');
    logger.info('mail suppressed: the address is undeliverable');
    return 'suppressed';
  }
  let messageId: string;
  try {
    messageId = await sendMail({ to: mail.to, subject: mail.subject!, text: mail.text!, html: mail.html! });
  } catch (error) {
    countMetric(CHANNEL_FIGURES.mail.failed);
    logger.warn('mail not sent', error as Error);
    await endOutboxClaim(mail, { state: 'failed', error: (error as Error).message }, new Date());
    return isMailRejected(error) ? 'rejected' : 'failed';
  }
  countMetric(CHANNEL_FIGURES.mail.sent);
  logger.info('mail sent', { messageId });
  try {
    if (!(await endOutboxClaim(mail, { state: 'sent', messageId }, new Date())))
      logger.error('mail sent, but its claim had been taken over', { messageId });
  } catch (error) {
    logger.error('mail sent, but not marked sent: left claimed, never sent again by itself', {
      messageId,
      error: error as Error,
    });
  }
  return 'sent';
}
