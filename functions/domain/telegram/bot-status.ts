import { requireEnv } from '@functions/commons/config';
import { auditPut } from '@functions/data/audit';
import { outboxTelegramPut, putOutboxItem } from '@functions/data/outbox';
import { hasStartedBot, readTelegramBotRecords } from '@functions/data/telegram';
import {
  getWebhookInfo,
  setWebhook,
  TelegramApiError,
  telegramBotUsername,
  telegramWebhookSecret,
} from '@functions/data/telegram-bot-api';
import { transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type { TelegramBotStatus } from '@shared/contract/telegram';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { isTelegramContact } from '@shared/telegram';
import { settingValue } from '../settings/settings';
import { TelegramBotNotConfigured, TelegramStaffChatMissing, TelegramUnavailable } from './errors';
import { botTexts } from './texts';

/** Where Telegram must deliver this installation's updates (through CloudFront, as every API call). */
const webhookUrl = () => `${requireEnv('SITE_URL')}/api/telegram/webhook`;

const isoOfEpoch = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** GET /admin/telegram: the bot's state as the table and Telegram (getWebhookInfo) tell it. */
export async function telegramBotStatus(now = new Date()): Promise<TelegramBotStatus> {
  const username = telegramBotUsername() ?? null;
  const [records, staffChatId] = await Promise.all([
    readTelegramBotRecords(now.getTime()),
    settingValue('telegramStaffChatId'),
  ]);
  let webhook: TelegramBotStatus['webhook'] = null;
  let webhookError: string | null = null;
  if (username) {
    try {
      const info = await getWebhookInfo();
      webhook = {
        set: info.url === webhookUrl(),
        url: info.url,
        pendingUpdates: info.pending_update_count,
        lastErrorAt: isoOfEpoch(info.last_error_date),
        lastErrorMessage: info.last_error_message ?? null,
      };
    } catch (error) {
      webhookError = (error as Error).message;
    }
  }
  return { configured: username !== null, username, webhook, webhookError, staffChatId, ...records };
}

/** POST /admin/telegram/webhook: points the bot at this installation, with the webhook secret; audited. */
export async function setBotWebhook(actor: RecordedActor, now = new Date()): Promise<TelegramBotStatus> {
  const secret = telegramBotUsername() ? await telegramWebhookSecret() : undefined;
  if (!secret) throw new TelegramBotNotConfigured();
  try {
    await setWebhook(webhookUrl(), secret);
  } catch (error) {
    if (error instanceof TelegramApiError) throw new TelegramUnavailable(error.message);
    throw error;
  }
  await transactWrite([
    auditPut({
      actorId: actor.id,
      actorRole: actor.role,
      action: 'telegram.webhook',
      targetType: 'setting',
      targetId: 'telegramWebhook',
      before: null,
      after: { url: webhookUrl() },
      at: now,
    }),
  ]);
  return telegramBotStatus(now);
}

/** POST /admin/telegram/test: a test message to the staff group, through the outbox like any other. */
export async function queueTelegramTestMessage(now = new Date()): Promise<void> {
  if (!telegramBotUsername()) throw new TelegramBotNotConfigured();
  const chatId = await settingValue('telegramStaffChatId');
  if (chatId === '') throw new TelegramStaffChatMissing();
  await putOutboxItem(
    outboxTelegramPut(
      'telegram-test',
      { method: 'sendMessage', params: { chat_id: chatId, text: botTexts(DEFAULT_LANGUAGE).test } },
      now,
    ),
  );
}

/**
 * POST /misc/validate-telegram: whether the contact is a Telegram username or number and, when a
 * bot is configured, whether that username has started it (a phone number cannot be told: null).
 */
export async function validateTelegramContact(contact: string) {
  const isValid = isTelegramContact(contact);
  const bot = telegramBotUsername();
  if (!bot || !isValid) return { isValid };
  const value = contact.trim();
  const started = value.startsWith('+') ? null : await hasStartedBot(value.replace(/^@/, ''));
  return { isValid, bot: { username: bot, started } };
}
