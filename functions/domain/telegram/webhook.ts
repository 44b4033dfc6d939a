import { createHash, timingSafeEqual } from 'node:crypto';
import {
  claimTelegramUpdate,
  recordBotGroup,
  recordBotStarted,
  releaseTelegramUpdate,
} from '@functions/data/telegram';
import { telegramWebhookSecret } from '@functions/data/telegram-bot-api';
import { TAKE_CALLBACK_PREFIX, type TelegramUpdate } from '@shared/contract/telegram';
import { TelegramSecretMismatch } from './errors';
import { linkFromStart } from './linking';
import { takeFromTelegram } from './take';

/** Compared as SHA-256 digests, so the comparison takes the same time whatever the header holds. */
function secretMatches(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

const GROUP_CHATS = new Set(['group', 'supergroup']);
/** A my_chat_member status that means the bot is in the chat. */
const PRESENT = new Set(['member', 'administrator', 'creator', 'restricted']);
const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

/**
 * POST /telegram/webhook (docs/architecture.md "The Telegram bot"): refuses a call without the
 * secret given to setWebhook (401); handles each update once (Telegram delivers one again when our
 * answer did not come): a Take press, `/start` in a private chat (a link token, else the welcome),
 * and the bot added to or removed from a group. Anything else is accepted and ignored.
 */
export async function handleTelegramUpdate(
  update: TelegramUpdate,
  secretHeader: string | undefined,
  now = new Date(),
): Promise<void> {
  const expected = await telegramWebhookSecret();
  if (!expected || !secretMatches(secretHeader, expected)) throw new TelegramSecretMismatch();
  if (!(await claimTelegramUpdate(update.update_id, now))) return;
  try {
    await handle(update, now);
  } catch (error) {
    await releaseTelegramUpdate(update.update_id);
    throw error;
  }
}

async function handle(update: TelegramUpdate, now: Date): Promise<void> {
  const at = now.toISOString();
  const query = update.callback_query;
  if (query?.data?.startsWith(TAKE_CALLBACK_PREFIX)) {
    await takeFromTelegram(query, now);
    return;
  }
  const member = update.my_chat_member;
  if (member && GROUP_CHATS.has(member.chat.type)) {
    await recordBotGroup(member.chat, PRESENT.has(member.new_chat_member.status), at);
    return;
  }
  const message = update.message;
  if (!message) return;
  if (GROUP_CHATS.has(message.chat.type)) {
    await recordBotGroup(message.chat, true, at);
    return;
  }
  if (message.chat.type !== 'private' || !message.from) return;
  const start = START.exec(message.text?.trim() ?? '');
  if (!start) return;
  if (message.from.username) await recordBotStarted(message.from.username, message.chat.id, at);
  await linkFromStart(message, start[1], now);
}
