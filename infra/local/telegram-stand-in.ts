import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ListeningStandIn, listenStandIn, postToStandIn, readBodyText } from './stand-in-server';

/**
 * A local stand-in for the Telegram Bot API: the methods functions/data/telegram-bot-api.ts and the
 * bot call, in the documented shapes (https://core.telegram.org/bots/api; docs/architecture.md
 * "The Telegram bot"):
 * - `GET|POST /bot{token}/{method}` with a JSON, form-encoded or query-string body; answers
 *   `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`; a wrong token
 *   401 Unauthorized, an unknown method 404 Not Found (method names are case-insensitive, as Telegram's);
 * - `getMe`, `sendMessage`, `editMessageText`, `answerCallbackQuery`, `setWebhook`,
 *   `deleteWebhook`, `getWebhookInfo`.
 * Test-only calls under /_local/: read the calls made, deliver an update to the webhook as Telegram
 * does (with the X-Telegram-Bot-Api-Secret-Token header), fail the next calls (429 with
 * `retry_after`, …), block a chat, reset, and drain: answered once every Bot API call queued so far
 * (the local stack's outbox) has been made, so a test can assert that a message was not sent
 * without waiting for a while. Unlike Telegram it accepts an http:// webhook (localhost).
 */

/** The local stack's bot when none is given (infra/local/stack.ts). */
export const LOCAL_TELEGRAM_BOT_TOKEN = '1000000001:local-stand-in-token';
export const LOCAL_TELEGRAM_BOT_USERNAME = 'exchange_local_bot';
/** Where Telegram sends the webhook's secret (setWebhook's `secret_token`). */
export const TELEGRAM_SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token';

const TEXT_LIMIT = 4096;
const CALLBACK_DATA_LIMIT_BYTES = 64;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly ' +
  'the same as a current content and reply markup of the message';

/** One Bot API call the stand-in answered (a right token; failed ones included). */
export interface TelegramStandInCall {
  /** The method as Telegram documents it (`sendMessage`), whatever case it was called in. */
  method: string;
  params: Record<string, unknown>;
  /** When it arrived, ISO 8601. */
  at: string;
  /** The HTTP status it was answered with (200, or the refusal's). */
  status: number;
}

export type TelegramStandIn = ListeningStandIn;

interface Failure {
  status: number;
  retryAfter: number | undefined;
  description: string | undefined;
  times: number;
  method: string | undefined;
  chatId: string | undefined;
}

interface StoredMessage {
  text: string;
  /** JSON of the inline keyboard, or undefined without one. */
  markup: string | undefined;
}

interface Webhook {
  url: string;
  secret: string | undefined;
  allowedUpdates: string[] | undefined;
  maxConnections: number;
}

/** A Bot API refusal: its HTTP status is its error code. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

const METHODS = [
  'getMe',
  'sendMessage',
  'editMessageText',
  'answerCallbackQuery',
  'setWebhook',
  'deleteWebhook',
  'getWebhookInfo',
] as const;
type Method = (typeof METHODS)[number];
const METHOD_BY_LOWER_CASE = new Map<string, Method>(METHODS.map((method) => [method.toLowerCase(), method]));

/** The stand-in's test-only routes (`/_local/…`), called as tests and scripts call them. */
export { postToStandIn as postToTelegramStandIn };

/** The Bot API calls the stand-in at `baseUrl` recorded, oldest first: all, or one method's, or one chat's. */
export async function telegramStandInCalls(
  baseUrl: string,
  filter: { method?: string; chatId?: number | string } = {},
): Promise<TelegramStandInCall[]> {
  const query = new URLSearchParams();
  if (filter.method) query.set('method', filter.method);
  if (filter.chatId !== undefined) query.set('chat_id', String(filter.chatId));
  const response = await fetch(`${baseUrl}/_local/calls?${query}`);
  if (!response.ok) throw new Error(`/_local/calls answered ${response.status}`);
  return ((await response.json()) as { calls: TelegramStandInCall[] }).calls;
}

export async function startTelegramStandIn(options: {
  port?: number;
  token: string;
  username: string;
  /** What `/_local/drain` waits for (the stack's: its outbox sender's drain); at once without. */
  drain?: () => Promise<void>;
}): Promise<TelegramStandIn> {
  const { token, username } = options;
  const botId = Number(/^(\d+):/.exec(token)?.[1] ?? 1_000_000_001);
  const bot = { id: botId, is_bot: true, first_name: 'Exchange (local)', username };
  const calls: TelegramStandInCall[] = [];
  const chats = new Map<string, { nextMessageId: number; messages: Map<number, StoredMessage> }>();
  let failures: Failure[] = [];
  let blocked = new Set<string>();
  let webhook: Webhook | undefined;
  let lastError: { date: number; message: string } | undefined;
  let pendingUpdates = 0;
  let nextUpdateId = 100_000_001;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const now = () => Math.floor(Date.now() / 1000);

  const chatOf = (params: Record<string, unknown>) => {
    const raw = params.chat_id;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(id) || id === 0) throw new Refusal(400, 'Bad Request: chat not found');
    if (blocked.has(String(id)))
      throw new Refusal(
        403,
        id < 0
          ? 'Forbidden: bot was kicked from the supergroup chat'
          : 'Forbidden: bot was blocked by the user',
      );
    const chat =
      id < 0
        ? { id, type: 'supergroup', title: 'Local group' }
        : { id, type: 'private', first_name: 'Local user' };
    let state = chats.get(String(id));
    if (!state) {
      state = { nextMessageId: 1, messages: new Map() };
      chats.set(String(id), state);
    }
    return { chat, state };
  };

  const textOf = (params: Record<string, unknown>) => {
    const text = typeof params.text === 'string' ? params.text : '';
    if (text.trim() === '') throw new Refusal(400, 'Bad Request: message text is empty');
    if (text.length > TEXT_LIMIT) throw new Refusal(400, 'Bad Request: message is too long');
    return text;
  };

  /** The inline keyboard as given (an object, or its JSON in a form), checked as Telegram checks it. */
  const markupOf = (params: Record<string, unknown>) => {
    let markup = params.reply_markup;
    if (markup === undefined) return undefined;
    if (typeof markup === 'string') {
      try {
        markup = JSON.parse(markup);
      } catch {
        throw new Refusal(400, "Bad Request: can't parse reply keyboard markup JSON object");
      }
    }
    const keyboard = (markup as { inline_keyboard?: unknown } | null)?.inline_keyboard;
    if (!Array.isArray(keyboard) || !keyboard.every(Array.isArray))
      throw new Refusal(
        400,
        "Bad Request: can't parse inline keyboard button: InlineKeyboardMarkup expected",
      );
    for (const button of keyboard.flat() as Array<Record<string, unknown>>) {
      if (typeof button?.text !== 'string' || button.text === '')
        throw new Refusal(400, 'Bad Request: inline keyboard button text is empty');
      const data = button.callback_data;
      if (typeof data === 'string') {
        const bytes = Buffer.byteLength(data, 'utf8');
        if (bytes < 1 || bytes > CALLBACK_DATA_LIMIT_BYTES)
          throw new Refusal(400, 'Bad Request: BUTTON_DATA_INVALID');
      } else if (typeof button.url !== 'string' || button.url === '') {
        throw new Refusal(
          400,
          "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
        );
      }
    }
    return { inline_keyboard: keyboard as unknown[][] };
  };

  const messageOf = (
    chat: { id: number },
    messageId: number,
    stored: StoredMessage,
    date: number,
    editDate?: number,
  ) => ({
    message_id: messageId,
    from: bot,
    chat,
    date,
    ...(editDate ? { edit_date: editDate } : {}),
    text: stored.text,
    ...(stored.markup ? { reply_markup: JSON.parse(stored.markup) as unknown } : {}),
  });

  const methods: Record<Method, (params: Record<string, unknown>) => unknown> = {
    getMe: () => bot,
    sendMessage: (params) => {
      const { chat, state } = chatOf(params);
      const text = textOf(params);
      const markup = markupOf(params);
      const messageId = state.nextMessageId++;
      const stored = { text, markup: markup ? JSON.stringify(markup) : undefined };
      state.messages.set(messageId, stored);
      return messageOf(chat, messageId, stored, now());
    },
    editMessageText: (params) => {
      const { chat, state } = chatOf(params);
      const messageId = Number(params.message_id);
      const text = textOf(params);
      const existing = state.messages.get(messageId);
      if (!existing) throw new Refusal(400, 'Bad Request: message to edit not found');
      // Without reply_markup an edit removes the message's inline keyboard, as Telegram's does.
      const markup = markupOf(params);
      const stored = { text, markup: markup ? JSON.stringify(markup) : undefined };
      if (stored.text === existing.text && stored.markup === existing.markup)
        throw new Refusal(400, NOT_MODIFIED);
      state.messages.set(messageId, stored);
      return messageOf(chat, messageId, stored, now(), now());
    },
    answerCallbackQuery: (params) => {
      if (typeof params.callback_query_id !== 'string' || params.callback_query_id === '')
        throw new Refusal(
          400,
          'Bad Request: query is too old and response timeout expired or query ID is invalid',
        );
      if (typeof params.text === 'string' && params.text.length > 200)
        throw new Refusal(400, 'Bad Request: MESSAGE_TOO_LONG');
      return true;
    },
    setWebhook: (params) => {
      const url = typeof params.url === 'string' ? params.url : '';
      if (url === '') {
        webhook = undefined;
        return true;
      }
      if (!/^https?:\/\/[^/]+/.test(url)) throw new Refusal(400, 'Bad Request: bad webhook: invalid URL');
      const secret = params.secret_token;
      if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret)))
        throw new Refusal(400, 'Bad Request: secret token contains unallowed characters');
      let allowed = params.allowed_updates;
      if (typeof allowed === 'string') allowed = JSON.parse(allowed) as unknown;
      if (
        allowed !== undefined &&
        (!Array.isArray(allowed) || !allowed.every((one) => typeof one === 'string'))
      )
        throw new Refusal(400, "Bad Request: can't parse allowed updates");
      webhook = {
        url,
        secret: secret as string | undefined,
        // Omitted: the previous setting stays, as documented.
        allowedUpdates: (allowed as string[] | undefined) ?? webhook?.allowedUpdates,
        maxConnections: Number(params.max_connections ?? 40),
      };
      if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') pendingUpdates = 0;
      return true;
    },
    deleteWebhook: (params) => {
      webhook = undefined;
      if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') pendingUpdates = 0;
      return true;
    },
    getWebhookInfo: () => ({
      url: webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: pendingUpdates,
      ...(webhook ? { max_connections: webhook.maxConnections } : {}),
      ...(lastError ? { last_error_date: lastError.date, last_error_message: lastError.message } : {}),
      ...(webhook?.allowedUpdates ? { allowed_updates: webhook.allowedUpdates } : {}),
    }),
  };

  const failureFor = (method: Method, params: Record<string, unknown>) => {
    const index = failures.findIndex(
      (one) =>
        one.times > 0 &&
        (!one.method || one.method.toLowerCase() === method.toLowerCase()) &&
        (one.chatId === undefined || one.chatId === String(params.chat_id)),
    );
    if (index < 0) return undefined;
    const failure = failures[index]!;
    failure.times -= 1;
    if (failure.times === 0) failures.splice(index, 1);
    return failure;
  };

  const botApi = (method: Method, params: Record<string, unknown>, response: ServerResponse) => {
    const call: TelegramStandInCall = { method, params, at: new Date().toISOString(), status: 200 };
    calls.push(call);
    const refuse = (refusal: Refusal) => {
      call.status = refusal.status;
      json(response, refusal.status, {
        ok: false,
        error_code: refusal.status,
        description: refusal.description,
        ...(refusal.retryAfter !== undefined ? { parameters: { retry_after: refusal.retryAfter } } : {}),
      });
    };
    const failure = failureFor(method, params);
    if (failure) {
      refuse(
        new Refusal(
          failure.status,
          failure.description ?? failureDescription(failure.status, failure.retryAfter),
          failure.status === 429 ? (failure.retryAfter ?? 1) : undefined,
        ),
      );
      return;
    }
    try {
      const result = methods[method](params);
      json(response, 200, {
        ok: true,
        result,
        ...(method === 'setWebhook'
          ? { description: webhook ? 'Webhook was set' : 'Webhook was deleted' }
          : {}),
        ...(method === 'deleteWebhook' ? { description: 'Webhook was deleted' } : {}),
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refuse(error);
    }
  };

  /** Telegram's delivery: POST the update as JSON, with the secret header when one was set. */
  const deliver = async (update: Record<string, unknown>, response: ServerResponse) => {
    if (!webhook) {
      json(response, 409, { error: 'no webhook is set: call setWebhook first' });
      return;
    }
    let updateId = update.update_id;
    if (typeof updateId !== 'number') {
      updateId = nextUpdateId;
      update = { update_id: updateId, ...update };
    }
    nextUpdateId = Math.max(nextUpdateId, (updateId as number) + 1);
    let status = 0;
    let body: unknown = null;
    try {
      const answer = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(webhook.secret ? { [TELEGRAM_SECRET_HEADER]: webhook.secret } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(60_000),
      });
      status = answer.status;
      const text = await answer.text();
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = text;
      }
      // As Telegram records it; it would retry the update later, so it stays pending.
      if (status < 200 || status > 299) {
        lastError = {
          date: now(),
          message: `Wrong response from the webhook: ${status} ${answer.statusText}`,
        };
        pendingUpdates += 1;
      }
    } catch (error) {
      lastError = { date: now(), message: `Connection refused: ${(error as Error).message}` };
      pendingUpdates += 1;
    }
    json(response, 200, { update_id: updateId, status, body });
  };

  const local = async (request: IncomingMessage, url: URL, text: string, response: ServerResponse) => {
    if (request.method === 'GET' && url.pathname === '/_local/calls') {
      const method = url.searchParams.get('method')?.toLowerCase();
      const chatId = url.searchParams.get('chat_id');
      json(response, 200, {
        calls: calls.filter(
          (call) =>
            (!method || call.method.toLowerCase() === method) &&
            (chatId === null || String(call.params.chat_id) === chatId),
        ),
      });
      return;
    }
    if (request.method !== 'POST') {
      json(response, 404, { error: 'not found' });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json(response, 400, { error: 'invalid JSON' });
      return;
    }
    switch (url.pathname) {
      case '/_local/updates':
        await deliver(body, response);
        return;
      case '/_local/drain':
        await options.drain?.();
        json(response, 200, { drained: true });
        return;
      case '/_local/fail': {
        const status = Number(body.status ?? 500);
        const times = Number(body.times ?? 1);
        if (
          !Number.isInteger(status) ||
          status < 400 ||
          status > 599 ||
          !Number.isInteger(times) ||
          times < 1
        ) {
          json(response, 400, {
            error: 'give status (400–599), times (≥ 1), optionally retryAfter, method, chatId',
          });
          return;
        }
        const failure: Failure = {
          status,
          times,
          retryAfter: body.retryAfter === undefined ? undefined : Number(body.retryAfter),
          description: typeof body.description === 'string' ? body.description : undefined,
          method: typeof body.method === 'string' ? body.method : undefined,
          chatId: body.chatId === undefined ? undefined : String(body.chatId),
        };
        failures.push(failure);
        json(response, 200, failure);
        return;
      }
      case '/_local/block':
        if (body.chatId === undefined) {
          json(response, 400, { error: 'give chatId' });
          return;
        }
        if (body.blocked === false) blocked.delete(String(body.chatId));
        else blocked.add(String(body.chatId));
        json(response, 200, { chatId: body.chatId, blocked: blocked.has(String(body.chatId)) });
        return;
      case '/_local/reset':
        calls.length = 0;
        failures = [];
        blocked = new Set();
        json(response, 200, { reset: true });
        return;
      default:
        json(response, 404, { error: 'not found' });
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const text = await readBodyText(request);
    if (url.pathname.startsWith('/_local/')) {
      await local(request, url, text, response);
      return;
    }
    const path = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const notFound = { ok: false, error_code: 404, description: 'Not Found' };
    if (!path || (request.method !== 'GET' && request.method !== 'POST')) {
      json(response, 404, notFound);
      return;
    }
    if (decodeURIComponent(path[1]!) !== token) {
      json(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    const method = METHOD_BY_LOWER_CASE.get(path[2]!.toLowerCase());
    if (!method) {
      json(response, 404, notFound);
      return;
    }
    let params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = request.headers['content-type'] ?? '';
    if (text && type.includes('application/x-www-form-urlencoded')) {
      params = { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
    } else if (text) {
      try {
        params = { ...params, ...(JSON.parse(text) as Record<string, unknown>) };
      } catch {
        json(response, 400, {
          ok: false,
          error_code: 400,
          description: "Bad Request: can't parse JSON object",
        });
        return;
      }
    }
    botApi(method, params, response);
  };

  return listenStandIn(handle, options.port);
}

function failureDescription(status: number, retryAfter: number | undefined): string {
  if (status === 429) return `Too Many Requests: retry after ${retryAfter ?? 1}`;
  if (status === 400) return 'Bad Request: stand-in failure';
  if (status === 403) return 'Forbidden: bot was blocked by the user';
  if (status === 502) return 'Bad Gateway';
  return 'Internal Server Error';
}
