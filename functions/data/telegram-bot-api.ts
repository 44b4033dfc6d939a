import { cachedSecret, readSecretString } from '@functions/commons/secret-store';

/**
 * The Telegram Bot API adapter (docs/architecture.md "The Telegram bot"): the few methods the bot
 * calls, with plain fetch (docs/decisions.md "Telegram: plain fetch"), against `TELEGRAM_API_URL`
 * — Telegram itself by default, locally the stand-in (infra/local/telegram-stand-in.ts). Requests
 * are `POST {url}/bot{token}/{method}` with a JSON body; answers `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters: { retry_after } }`.
 */

export const TELEGRAM_DEFAULT_API_URL = 'https://api.telegram.org';
/** A call must come well within its function's time (the webhook's answer included). */
export const TELEGRAM_TIMEOUT_MS = 5000;
/** The bot token secret's value until the operator puts the real token (infra/stacks/api-stack.ts). */
export const NO_TELEGRAM_BOT_TOKEN = 'none';

/** Telegram refused the call or could not be reached (`status` 0: no answer, or not configured). */
export class TelegramApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** A 429's `parameters.retry_after`, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Worth trying again later: no answer, a 429 or Telegram's own failure. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The bot's @username without the @, when this installation has a bot; else undefined. */
export function telegramBotUsername(): string | undefined {
  const username = process.env.TELEGRAM_BOT_USERNAME?.trim().replace(/^@/, '');
  return username ? username : undefined;
}

function apiUrl(): string {
  return (process.env.TELEGRAM_API_URL || TELEGRAM_DEFAULT_API_URL).replace(/\/+$/, '');
}

const secretBotToken = cachedSecret(() => readSecretString('TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_TOKEN_ARN'));
const secretWebhookSecret = cachedSecret(() =>
  readSecretString('TELEGRAM_WEBHOOK_SECRET', 'TELEGRAM_WEBHOOK_SECRET_ARN'),
);

/** The bot token; undefined when no bot is configured or its secret still holds the placeholder. */
async function botToken(): Promise<string | undefined> {
  if (!telegramBotUsername()) return undefined;
  if (!process.env.TELEGRAM_BOT_TOKEN && !process.env.TELEGRAM_BOT_TOKEN_ARN) return undefined;
  const token = (await secretBotToken()).trim();
  return token === '' || token === NO_TELEGRAM_BOT_TOKEN ? undefined : token;
}

/** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token; undefined without a bot. */
export async function telegramWebhookSecret(): Promise<string | undefined> {
  if (!telegramBotUsername()) return undefined;
  if (!process.env.TELEGRAM_WEBHOOK_SECRET && !process.env.TELEGRAM_WEBHOOK_SECRET_ARN) return undefined;
  const secret = (await secretWebhookSecret()).trim();
  return secret === '' ? undefined : secret;
}

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** One Bot API call; its `result`, or TelegramApiError. */
export async function callBotApi<T>(method: string, params: Record<string, unknown>): Promise<T> {
  const token = await botToken();
  if (!token) throw new TelegramApiError('No Telegram bot is configured', 0);
  let response: Response;
  try {
    response = await fetch(`${apiUrl()}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TelegramApiError(`Telegram unreachable or slow: ${(error as Error).message}`, 0);
  }
  let answer: BotApiAnswer<T>;
  try {
    answer = (await response.json()) as BotApiAnswer<T>;
  } catch {
    throw new TelegramApiError(`Telegram answered ${response.status} without JSON`, response.status || 0);
  }
  if (!answer.ok || answer.result === undefined) {
    const status = answer.error_code ?? response.status;
    throw new TelegramApiError(
      `${method}: ${status} ${answer.description ?? 'refused'}`,
      status,
      answer.parameters?.retry_after,
    );
  }
  return answer.result;
}

/** An inline keyboard's button: a callback (the Take button) or a link (Open). */
export type InlineButton = { text: string; callback_data: string } | { text: string; url: string };

/**
 * A link over part of a plain text (`offset` and `length` in UTF-16 code units, as Telegram counts):
 * with `tg://user?id=…` it mentions that user.
 */
export interface TextLinkEntity {
  type: 'text_link';
  offset: number;
  length: number;
  url: string;
}

/** What a queued Telegram item asks the Bot API to do (the outbox stores it; the sender calls it). */
export type TelegramCall =
  | {
      method: 'sendMessage';
      params: {
        chat_id: number | string;
        text: string;
        entities?: TextLinkEntity[];
        reply_markup?: { inline_keyboard: InlineButton[][] };
        link_preview_options?: { is_disabled: boolean };
      };
    }
  | {
      method: 'editMessageText';
      params: {
        chat_id: number | string;
        message_id: number;
        text: string;
        reply_markup?: { inline_keyboard: InlineButton[][] };
        link_preview_options?: { is_disabled: boolean };
      };
    };

/** The part of Telegram's Message the sender keeps: its id. */
export interface SentTelegramMessage {
  message_id: number;
}

/** Telegram's WebhookInfo (the fields the security page shows). */
export interface TelegramWebhookInfo {
  url: string;
  pending_update_count: number;
  last_error_date?: number;
  last_error_message?: string;
}

export function getWebhookInfo(): Promise<TelegramWebhookInfo> {
  return callBotApi<TelegramWebhookInfo>('getWebhookInfo', {});
}

/** The updates the bot reads: a /start, a button press, being added to or removed from a group. */
export const TELEGRAM_ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'] as const;

export async function setWebhook(url: string, secret: string): Promise<void> {
  await callBotApi<boolean>('setWebhook', {
    url,
    secret_token: secret,
    allowed_updates: TELEGRAM_ALLOWED_UPDATES,
  });
}

export async function answerCallbackQuery(id: string, text: string): Promise<void> {
  await callBotApi<boolean>('answerCallbackQuery', { callback_query_id: id, text });
}
