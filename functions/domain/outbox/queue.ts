import { countMetric } from '@functions/commons/metrics';

/**
 * Counts mails queued by a change (its outbox items, `outboxPut`, joined its TransactWriteItems),
 * once that transaction has committed: MailsQueued then means mails that will be sent or
 * accounted for (sent, suppressed or failed) by the sender.
 */
export function countQueuedMails(count = 1): void {
  for (let index = 0; index < count; index += 1) countMetric('MailsQueued');
}
