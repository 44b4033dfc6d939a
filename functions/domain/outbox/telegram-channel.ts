import { logger } from '@functions/commons/logger';
import { countMetric } from '@functions/commons/metrics';
import { type ClaimedOutboxItem, endOutboxClaim, type OutboxRecord } from '@functions/data/outbox';
import {
  holdTelegramChat,
  recordTelegramSendError,
  reserveTelegramSendSlot,
  type SendPace,
} from '@functions/data/telegram';
import { callBotApi, type SentTelegramMessage, TelegramApiError } from '@functions/data/telegram-bot-api';
import { CHANNEL_FIGURES } from './channels';
import type { SendOutcome } from './outcome';

/**
 * Telegram's limits (Bot API FAQ, docs/architecture.md "The Telegram bot"): about one message a
 * second to one chat, and at most 20 a minute to one group. A group's id is negative.
 */
export function sendPaceOf(chatId: string): SendPace {
  return chatId.startsWith('-') ? { spacingMs: 1000, perMinute: 20 } : { spacingMs: 1000 };
}

/**
 * The longest a send waits for its chat's slot or a 429's retry_after inside one invocation. Longer,
 * the item is deferred (left failed, so the re-drive job queues it again after its back-off) rather
 * than holding up the mails behind it in the stream's batch (docs/decisions.md "Telegram pace").
 */
export const MAX_TELEGRAM_WAIT_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An edit whose text and buttons are already what it asks for: done, not an error. */
const isNotModified = (error: TelegramApiError) =>
  error.status === 400 && /not modified/i.test(error.message);

/**
 * An edit counts against the chat's one-a-second spacing but not a group's 20 messages a minute
 * (that limit is on messages sent), so a Take's edit is not deferred behind a burst of alerts.
 */
function paceOfCall(item: OutboxRecord): SendPace {
  const chatId = String(item.telegram!.params.chat_id);
  return item.telegram!.method === 'editMessageText' ? { spacingMs: 1000 } : sendPaceOf(chatId);
}

/**
 * Sends one claimed Telegram item: waits (at most MAX_TELEGRAM_WAIT_MS) for its chat's slot, calls
 * the Bot API and ends the claim. A 429 holds the chat for its retry_after and is tried once more
 * when that is short. Telegram's refusal (the user blocked the bot, no such chat) ends the item
 * unsent and recorded for the security page, not retried; no answer or Telegram's own failure is
 * retried; a chat whose pace is full for longer is deferred to the re-drive job.
 */
export async function sendTelegramItem(item: ClaimedOutboxItem): Promise<SendOutcome> {
  const call = item.telegram!;
  const chatId = String(call.params.chat_id);
  let failure: TelegramApiError | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const slot = await reserveTelegramSendSlot(chatId, paceOfCall(item), Date.now(), MAX_TELEGRAM_WAIT_MS);
    if (slot === undefined) {
      failure = new TelegramApiError(
        `deferred: the chat's send pace is full beyond ${MAX_TELEGRAM_WAIT_MS} ms`,
        429,
      );
      break;
    }
    await sleep(slot - Date.now());
    try {
      const sent = await callBotApi<SentTelegramMessage | true>(call.method, call.params);
      return await endSent(item, typeof sent === 'object' ? String(sent.message_id) : 'true');
    } catch (error) {
      if (!(error instanceof TelegramApiError)) throw error;
      if (isNotModified(error)) return endSent(item, String(call.params.chat_id));
      failure = error;
      if (error.status !== 429) break;
      const retryAfterMs = (error.retryAfterSeconds ?? 1) * 1000;
      await holdTelegramChat(chatId, Date.now() + retryAfterMs);
      if (retryAfterMs > MAX_TELEGRAM_WAIT_MS) break;
    }
  }
  return endUnsent(item, failure!);
}

async function endUnsent(item: ClaimedOutboxItem, failure: TelegramApiError): Promise<SendOutcome> {
  countMetric(CHANNEL_FIGURES.telegram.failed);
  logger.warn('telegram item not sent', failure);
  await recordTelegramSendError(item.kind, failure.message, new Date()).catch((error: unknown) =>
    logger.error('telegram send error not recorded', error as Error),
  );
  if (!failure.transient) {
    await endOutboxClaim(item, { state: 'suppressed' }, new Date());
    return 'rejected';
  }
  await endOutboxClaim(item, { state: 'failed', error: failure.message }, new Date());
  return failure.status === 429 ? 'deferred' : 'failed';
}

async function endSent(item: ClaimedOutboxItem, messageId: string): Promise<SendOutcome> {
  countMetric(CHANNEL_FIGURES.telegram.sent);
  logger.info('telegram item sent', { messageId });
  if (!(await endOutboxClaim(item, { state: 'sent', messageId }, new Date())))
    logger.error('telegram item sent, but its claim had been taken over', { messageId });
  return 'sent';
}
