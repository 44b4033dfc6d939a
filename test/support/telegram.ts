import {
  postToTelegramStandIn,
  type TelegramStandInCall,
  telegramStandInCalls,
} from '@infra/local/telegram-stand-in';
import { inject } from 'vitest';

/**
 * The shared stack's Bot API stand-in (infra/local/telegram-stand-in.ts), for integration tests:
 * what the bot called, updates delivered to the webhook the way Telegram delivers them (the stack
 * set the webhook with its secret, so the secret header is the real one), failures and resets.
 */
function standInUrl(): string {
  const url = inject('localStack').telegramApiUrl;
  if (!url) throw new Error('The local stack runs without a Telegram bot');
  return url;
}

/** The Bot API calls made so far, oldest first: all, or one method's, or one chat's. */
export function telegramCalls(
  filter: { method?: string; chatId?: number | string } = {},
): Promise<TelegramStandInCall[]> {
  return telegramStandInCalls(standInUrl(), filter);
}

/**
 * Delivers an update to the site's webhook as Telegram would (POST JSON with
 * X-Telegram-Bot-Api-Secret-Token); without `update_id` the stand-in numbers it. The webhook's
 * answer: its status and JSON body.
 */
export function sendTelegramUpdate(
  update: Record<string, unknown>,
): Promise<{ update_id: number; status: number; body: unknown }> {
  return postToTelegramStandIn(standInUrl(), '/_local/updates', update);
}

/**
 * The next `times` Bot API calls (of `method`, to `chatId`, when given) answer `status`: a 429
 * carries `parameters.retry_after` (`retryAfter` seconds, default 1).
 */
export async function failTelegram(failure: {
  status: number;
  times?: number;
  retryAfter?: number;
  method?: string;
  chatId?: number | string;
  description?: string;
}): Promise<void> {
  await postToTelegramStandIn(standInUrl(), '/_local/fail', { times: 1, ...failure });
}

/** Sends to `chatId` answer 403 (the user blocked the bot, or it was removed from the group). */
export async function blockTelegramChat(chatId: number | string, blocked = true): Promise<void> {
  await postToTelegramStandIn(standInUrl(), '/_local/block', { chatId, blocked });
}

/**
 * Resolves once every Bot API call queued so far has been made (the stack's outbox sender has
 * handled every item queued before this call): what the calls are then is what they will be.
 */
export async function telegramDrained(): Promise<void> {
  await postToTelegramStandIn(standInUrl(), '/_local/drain');
}

/** Forgets the recorded calls, pending failures and blocked chats (the webhook stays set). */
export async function resetTelegramStandIn(): Promise<void> {
  await postToTelegramStandIn(standInUrl(), '/_local/reset');
}
