import { logger } from '@functions/commons/logger';
import { putOutboxItem } from '@functions/data/outbox';
import { findTelegramAccountOwner, telegramLinkItems, telegramUnlinkItems } from '@functions/data/telegram';
import { telegramBotUsername } from '@functions/data/telegram-bot-api';
import { findOneTimeToken, putOneTimeToken, spendOneTimeToken } from '@functions/data/tokens';
import { transactWrite } from '@functions/data/transactions';
import { findUserById, type UserRecord } from '@functions/data/users';
import {
  TELEGRAM_LINK_TOKEN_MINUTES,
  type TelegramLinkData,
  type TelegramMessage,
} from '@shared/contract/telegram';
import type { OwnUser } from '@shared/contract/users';
import { hashToken, newOpaqueToken } from '../accounts/secrets';
import { toOwnUserView } from '../accounts/user-views';
import { TelegramBotNotConfigured } from './errors';
import { botReplyItem } from './outgoing';
import { botTexts, siteName } from './texts';

/**
 * Linking a Telegram account to a site account (docs/architecture.md "The Telegram bot"): the
 * profile asks for a deep link `t.me/<bot>?start=<token>`; Telegram opens the bot, the user presses
 * Start, and the bot receives `/start <token>` on the webhook. The token is single use and valid
 * TELEGRAM_LINK_TOKEN_MINUTES; only its hash is stored (a one-time token, purpose telegram-link).
 */

/** POST /telegram/link: a fresh deep link for the caller. */
export async function createTelegramLink(userId: string, now = new Date()): Promise<TelegramLinkData> {
  const bot = telegramBotUsername();
  if (!bot) throw new TelegramBotNotConfigured();
  // 43 characters of A-Za-z0-9_-: what Telegram allows in `start` (at most 64).
  const token = newOpaqueToken();
  const expiresAtMs = now.getTime() + TELEGRAM_LINK_TOKEN_MINUTES * 60_000;
  await putOneTimeToken({
    tokenHash: hashToken(token),
    purpose: 'telegram-link',
    userId,
    createdAt: now.toISOString(),
    expiresAtMs,
  });
  return { url: `https://t.me/${bot}?start=${token}`, expiresAt: new Date(expiresAtMs).toISOString() };
}

/** DELETE /telegram/link: nothing goes to the caller's Telegram any more. */
export async function unlinkTelegram(user: UserRecord): Promise<OwnUser> {
  if (user.telegramLink) {
    await transactWrite(telegramUnlinkItems(user.id, user.telegramLink.telegramUserId)).catch(
      (error: unknown) => {
        // Unlinked or re-linked meanwhile: the answer below shows what is there now.
        logger.info('telegram unlink lost a race', { error: error as Error });
      },
    );
  }
  return toOwnUserView((await findUserById(user.id, true)) ?? user);
}

/**
 * `/start <token>` in a private chat: spends the token and links the sender's account to its user,
 * in one transaction, then says so in the chat. A used, expired or unknown token gets the bot's
 * "get a new link" reply; a /start without a token, the welcome.
 */
export async function linkFromStart(
  message: TelegramMessage,
  token: string | undefined,
  now: Date,
): Promise<void> {
  const from = message.from!;
  const chatId = message.chat.id;
  const texts = botTexts(from.language_code === 'en' ? 'en' : 'ru');
  if (!token) {
    await putOutboxItem(botReplyItem(chatId, texts.welcome(siteName()), now));
    return;
  }
  const stored = await findOneTimeToken(hashToken(token), 'telegram-link');
  const user = stored ? await findUserById(stored.userId) : undefined;
  let linked = false;
  if (stored && user) {
    const language = user.language;
    const link = {
      telegramUserId: from.id,
      chatId,
      username: from.username ?? null,
      linkedAt: now.toISOString(),
    };
    const previous = {
      ownerOfAccount: await findTelegramAccountOwner(from.id),
      accountOfUser: user.telegramLink?.telegramUserId,
    };
    linked = await spendOneTimeToken(stored, now, [
      ...telegramLinkItems(user.id, link, previous),
      botReplyItem(chatId, botTexts(language).linked(siteName()), now),
    ]);
  }
  if (!linked) await putOutboxItem(botReplyItem(chatId, texts.linkExpired, now));
}
