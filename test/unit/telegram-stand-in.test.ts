import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  postToTelegramStandIn,
  startTelegramStandIn,
  type TelegramStandIn,
  telegramStandInCalls,
} from '@infra/local/telegram-stand-in';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The local Bot API (infra/local/telegram-stand-in.ts) in Telegram's documented shapes
 * (https://core.telegram.org/bots/api): answers, refusals, the webhook's delivery with its secret
 * header, and the test-only failures.
 */
const TOKEN = '123456:unit-token';
const USERNAME = 'unit_test_bot';
const SECRET = 'unit_Secret-123';

let standIn: TelegramStandIn;
let webhook: Server;
let webhookUrl: string;
let webhookStatus = 200;
const deliveries: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];

interface Answer {
  status: number;
  body: {
    ok: boolean;
    result?: Record<string, unknown> & { message_id?: number };
    error_code?: number;
    description?: string;
    parameters?: { retry_after: number };
  };
}

async function bot(method: string, params: Record<string, unknown> = {}, token = TOKEN): Promise<Answer> {
  const response = await fetch(`${standIn.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

beforeAll(async () => {
  standIn = await startTelegramStandIn({ port: 0, token: TOKEN, username: USERNAME });
  webhook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      response.writeHead(webhookStatus, { 'Content-Type': 'application/json' }).end('{"handled":true}');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/telegram/webhook`;
});

afterAll(async () => {
  await standIn.stop();
  webhook.closeAllConnections();
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
});

beforeEach(async () => {
  await postToTelegramStandIn(standIn.url, '/_local/reset');
  deliveries.length = 0;
  webhookStatus = 200;
});

describe('the Bot API stand-in', () => {
  it('answers getMe with the bot user', async () => {
    const answer = await bot('getMe');
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        result: { id: 123456, is_bot: true, first_name: expect.any(String), username: USERNAME },
      },
    });
  });

  it('refuses a wrong token with 401 and an unknown method with 404, as Telegram does', async () => {
    expect(await bot('getMe', {}, '123456:wrong')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    expect(await bot('sendSticker', { chat_id: 1 })).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found' },
    });
  });

  it('sends messages numbered per chat, with the chat typed by its id and the keyboard echoed', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'Take', callback_data: 'take:APP1' }]] };
    const first = await bot('sendMessage', {
      chat_id: -1001234,
      text: 'New deal',
      reply_markup: keyboard,
      link_preview_options: { is_disabled: true },
    });
    const second = await bot('sendMessage', { chat_id: -1001234, text: 'Another' });
    const elsewhere = await bot('sendMessage', { chat_id: 42, text: 'Hello' });
    expect(first.body).toEqual({
      ok: true,
      result: {
        message_id: 1,
        from: expect.objectContaining({ is_bot: true, username: USERNAME }),
        chat: expect.objectContaining({ id: -1001234, type: 'supergroup' }),
        date: expect.any(Number),
        text: 'New deal',
        reply_markup: keyboard,
      },
    });
    expect(second.body.result).toMatchObject({ message_id: 2 });
    expect(second.body.result).not.toHaveProperty('reply_markup');
    expect(elsewhere.body.result).toMatchObject({ message_id: 1, chat: { id: 42, type: 'private' } });
  });

  it('refuses an empty text, a missing chat and over-long callback data with 400', async () => {
    expect((await bot('sendMessage', { chat_id: 42, text: ' ' })).body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });
    expect((await bot('sendMessage', { text: 'Hello' })).body.description).toBe(
      'Bad Request: chat not found',
    );
    expect((await bot('sendMessage', { chat_id: 0, text: 'Hello' })).status).toBe(400);
    const tooLong = await bot('sendMessage', {
      chat_id: 42,
      text: 'Hello',
      reply_markup: { inline_keyboard: [[{ text: 'Take', callback_data: 'x'.repeat(65) }]] },
    });
    expect(tooLong.body.description).toBe('Bad Request: BUTTON_DATA_INVALID');
  });

  it('accepts form-encoded parameters (the keyboard as JSON text) and GET with a query', async () => {
    const form = await fetch(`${standIn.url}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        chat_id: '77',
        text: 'By form',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Open', url: 'https://example.org' }]] }),
      }),
    });
    expect(await form.json()).toMatchObject({
      ok: true,
      result: { chat: { id: 77 }, text: 'By form', reply_markup: { inline_keyboard: [[{ text: 'Open' }]] } },
    });
    const get = await fetch(`${standIn.url}/bot${TOKEN}/sendMessage?chat_id=77&text=By+query`);
    expect(await get.json()).toMatchObject({ ok: true, result: { message_id: 2, text: 'By query' } });
  });

  it('edits a sent message, and refuses an unknown one or an edit that changes nothing', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'Take', callback_data: 'take:APP2' }]] };
    const sent = await bot('sendMessage', { chat_id: -500, text: 'Deal', reply_markup: keyboard });
    const messageId = sent.body.result!.message_id;
    const edited = await bot('editMessageText', {
      chat_id: -500,
      message_id: messageId,
      text: 'Deal: taken',
    });
    expect(edited.body).toMatchObject({
      ok: true,
      result: { message_id: messageId, text: 'Deal: taken', edit_date: expect.any(Number) },
    });
    // Without reply_markup the keyboard is gone, as Telegram's edit removes it.
    expect(edited.body.result).not.toHaveProperty('reply_markup');
    const same = await bot('editMessageText', { chat_id: -500, message_id: messageId, text: 'Deal: taken' });
    expect(same.status).toBe(400);
    expect(same.body.description).toMatch(/^Bad Request: message is not modified/);
    const unknown = await bot('editMessageText', { chat_id: -500, message_id: 999, text: 'x' });
    expect(unknown.body.description).toBe('Bad Request: message to edit not found');
  });

  it('answers a callback query with true, and needs its id', async () => {
    expect((await bot('answerCallbackQuery', { callback_query_id: 'q1', text: 'Taken' })).body).toEqual({
      ok: true,
      result: true,
    });
    expect((await bot('answerCallbackQuery', {})).status).toBe(400);
  });

  it('records every call, oldest first, filtered by method and chat', async () => {
    await bot('sendMessage', { chat_id: 1, text: 'a' });
    await bot('sendMessage', { chat_id: 2, text: 'b' });
    await bot('getMe');
    const calls = await telegramStandInCalls(standIn.url);
    expect(calls.map((call) => call.method)).toEqual(['sendMessage', 'sendMessage', 'getMe']);
    expect(calls[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const toTwo = await telegramStandInCalls(standIn.url, { method: 'sendMessage', chatId: 2 });
    expect(toTwo).toEqual([
      { method: 'sendMessage', params: { chat_id: 2, text: 'b' }, at: expect.any(String), status: 200 },
    ]);
  });
});

describe('the webhook', () => {
  it('delivers an update as Telegram does: POST JSON with the secret header, numbered', async () => {
    expect(
      (
        await bot('setWebhook', {
          url: webhookUrl,
          secret_token: SECRET,
          allowed_updates: ['message', 'callback_query'],
        })
      ).body,
    ).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    const answer = await postToTelegramStandIn(standIn.url, '/_local/updates', {
      message: { message_id: 5, chat: { id: 42, type: 'private' }, date: 1, text: '/start abc' },
    });
    expect(answer).toEqual({ update_id: expect.any(Number), status: 200, body: { handled: true } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.headers['x-telegram-bot-api-secret-token']).toBe(SECRET);
    expect(deliveries[0]!.headers['content-type']).toBe('application/json');
    expect(deliveries[0]!.body).toEqual({
      update_id: answer.update_id,
      message: { message_id: 5, chat: { id: 42, type: 'private' }, date: 1, text: '/start abc' },
    });
    const next = await postToTelegramStandIn(standIn.url, '/_local/updates', { message: { text: 'x' } });
    expect(next.update_id).toBe((answer.update_id as number) + 1);
    expect((await bot('getWebhookInfo')).body.result).toEqual({
      url: webhookUrl,
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 40,
      allowed_updates: ['message', 'callback_query'],
    });
  });

  it("records a refused delivery in getWebhookInfo's last error", async () => {
    await bot('setWebhook', { url: webhookUrl, secret_token: SECRET });
    webhookStatus = 401;
    const answer = await postToTelegramStandIn(standIn.url, '/_local/updates', { message: { text: 'x' } });
    expect(answer).toMatchObject({ status: 401 });
    expect((await bot('getWebhookInfo')).body.result).toMatchObject({
      last_error_date: expect.any(Number),
      last_error_message: 'Wrong response from the webhook: 401 Unauthorized',
    });
  });

  it('refuses a secret token with characters Telegram does not allow', async () => {
    const answer = await bot('setWebhook', { url: webhookUrl, secret_token: 'has spaces!' });
    expect(answer.status).toBe(400);
  });

  it('answers 409 to an update when no webhook is set, and sends no secret header without a secret', async () => {
    expect((await bot('deleteWebhook')).body.result).toBe(true);
    await expect(postToTelegramStandIn(standIn.url, '/_local/updates', { message: {} })).rejects.toThrow(
      /409/,
    );
    await bot('setWebhook', { url: webhookUrl });
    await postToTelegramStandIn(standIn.url, '/_local/updates', { message: { text: 'x' } });
    expect(deliveries.at(-1)!.headers).not.toHaveProperty('x-telegram-bot-api-secret-token');
  });
});

describe('test-only failures', () => {
  it('fails the next matching calls with 429 and retry_after, then answers again', async () => {
    await postToTelegramStandIn(standIn.url, '/_local/fail', {
      status: 429,
      retryAfter: 7,
      times: 2,
      method: 'sendMessage',
      chatId: -100,
    });
    // Another chat and another method are not affected.
    expect((await bot('sendMessage', { chat_id: -200, text: 'x' })).status).toBe(200);
    expect((await bot('getMe')).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(await bot('sendMessage', { chat_id: -100, text: 'x' })).toEqual({
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 7',
          parameters: { retry_after: 7 },
        },
      });
    expect((await bot('sendMessage', { chat_id: -100, text: 'x' })).status).toBe(200);
    const statuses = (await telegramStandInCalls(standIn.url, { chatId: -100 })).map((call) => call.status);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('answers 403 to sends to a blocked chat until reset', async () => {
    await postToTelegramStandIn(standIn.url, '/_local/block', { chatId: 99 });
    expect((await bot('sendMessage', { chat_id: 99, text: 'x' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    await postToTelegramStandIn(standIn.url, '/_local/reset');
    expect((await bot('sendMessage', { chat_id: 99, text: 'x' })).status).toBe(200);
  });
});

describe('the drain', () => {
  it('answers /_local/drain only once the drain it was given has finished', async () => {
    let finish = () => {};
    const draining = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const drained = await startTelegramStandIn({
      port: 0,
      token: TOKEN,
      username: USERNAME,
      drain: () => draining,
    });
    try {
      let answered = false;
      const answer = postToTelegramStandIn(drained.url, '/_local/drain').then((body) => {
        answered = true;
        return body;
      });
      // Another request is answered meanwhile; the drain's is not while its drain works.
      await telegramStandInCalls(drained.url);
      expect(answered).toBe(false);
      finish();
      expect(await answer).toEqual({ drained: true });
    } finally {
      await drained.stop();
    }
  });
});
