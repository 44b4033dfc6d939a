import { logger, withLogKeys } from '@functions/commons/logger';
import { type ClaimedOutboxItem, claimOutboxItem, type OutboxChannel } from '@functions/data/outbox';
import { sendClaimedMail } from './mail-channel';
import type { SendOutcome } from './outcome';
import { sendTelegramItem } from './telegram-channel';

/** Each channel's sender: sends one claimed item and ends its claim. */
const CHANNEL_SENDERS: Readonly<
  Record<OutboxChannel, (item: ClaimedOutboxItem, now: Date) => Promise<SendOutcome>>
> = {
  mail: sendClaimedMail,
  telegram: sendTelegramItem,
};

/**
 * Sends one outbox item at most once: it is claimed first (a conditional write only one invocation
 * wins), then handed to its channel's sender. Every line about the item carries its id, channel,
 * kind and the correlation id of what queued it, so a request, job run or transfer leads to its
 * mails and messages.
 */
export async function sendOutboxItem(id: string, now = new Date()): Promise<SendOutcome> {
  const item = await claimOutboxItem(id, now);
  if (!item) return 'skipped';
  return withLogKeys(
    {
      outboxId: id,
      channel: item.channel,
      kind: item.kind,
      ...(item.correlationId ? { correlationId: item.correlationId } : {}),
    },
    () => CHANNEL_SENDERS[item.channel](item, now),
  );
}

/**
 * Sends a batch of outbox items in order, one at a time (SES's per-second send rate and Telegram's
 * pace are the limits, not this loop). The first failure ends the batch: the channel is likely
 * down for the rest too, so they are answered unsent without a call and retried with it. Answers
 * the ids to retry.
 */
export async function sendOutboxItems(ids: readonly string[], now = new Date()): Promise<string[]> {
  for (const [index, id] of ids.entries()) {
    let outcome: SendOutcome;
    try {
      outcome = await sendOutboxItem(id, now);
    } catch (error) {
      // The table failed (claim or mark): retried like a channel's failure.
      logger.error('outbox item not processed', { outboxId: id, error: error as Error });
      outcome = 'failed';
    }
    if (outcome === 'failed') return ids.slice(index);
  }
  return [];
}
