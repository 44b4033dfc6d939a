import { adminIssueInstructions } from '@shared/routes/admin-applications';
import { validateTelegram } from '@shared/routes/applications';
import { authMe } from '@shared/routes/auth';
import { adminPostMessage } from '@shared/routes/messages';
import { createTelegramLink, deleteTelegramLink, telegramWebhook } from '@shared/routes/telegram';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { failTelegram, sendTelegramUpdate, telegramCalls, telegramDrained } from '../../support/telegram';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';
import {
  linkTelegram,
  newTelegramUserId,
  privateMessage,
  startTokenOf,
  textOf,
  waitForCalls,
} from './bot-support';

/**
 * The Telegram bot against the shared stack's Bot API stand-in: the webhook's
 * secret, linking an account through the deep link (single use, 10 minutes), a linked client's news
 * in Telegram without payment details, and sending at Telegram's pace (a 429's retry_after).
 */

let manager: TestUser;

beforeAll(async () => {
  manager = await newUser({ role: 'MANAGER' });
});

const me = async (user: TestUser) => (await call(authMe, { token: user.token })).body.data!.user;
const sentTo = (chatId: number) => () => telegramCalls({ method: 'sendMessage', chatId });

describe('POST /telegram/webhook', () => {
  it('refuses a call without the secret, or with a wrong one, with 401 and does nothing', async () => {
    const chatId = newTelegramUserId();
    const body = { update_id: 7, ...privateMessage(chatId, '/start') };
    const missing = await call(telegramWebhook, { body, headers: {} });
    const wrong = await call(telegramWebhook, {
      body,
      headers: { 'x-telegram-bot-api-secret-token': 'not-the-secret' },
    });

    expect(missing.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'TelegramSecretMismatch' });
    // Nothing was handled: no welcome went to the chat once everything queued was sent.
    await telegramDrained();
    expect(await telegramCalls({ method: 'sendMessage', chatId })).toEqual([]);
  });

  it('answers an update as Telegram delivers it (the secret header) and handles it once', async () => {
    const chatId = newTelegramUserId();
    const delivered = await sendTelegramUpdate(privateMessage(chatId, '/start'));
    expect(delivered.status).toBe(200);
    // Telegram delivers the same update again when our answer did not come: no second welcome.
    const again = await call(telegramWebhook, {
      body: { ...privateMessage(chatId, '/start'), update_id: delivered.update_id },
      headers: { 'x-telegram-bot-api-secret-token': process.env.TELEGRAM_WEBHOOK_SECRET! },
    });
    expect(again.status).toBe(200);

    const calls = await waitForCalls(sentTo(chatId), (found) => found.length >= 1);
    expect(textOf(calls[0]!)).toContain('link this chat from your profile');
    await telegramDrained();
    expect(await telegramCalls({ method: 'sendMessage', chatId })).toHaveLength(1);
  });

  it('refuses a body that is no update with 400 in the envelope', async () => {
    const answer = await call(telegramWebhook, {
      body: { message: 'hello' } as never,
      headers: { 'x-telegram-bot-api-secret-token': process.env.TELEGRAM_WEBHOOK_SECRET! },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });
});

describe('linking an account through the deep link', () => {
  it('links once: a t.me link with a token of at most 64 characters, /start links and says so', async () => {
    const client = await newUser({ language: 'en' });
    const telegramUserId = newTelegramUserId();
    const link = await call(createTelegramLink, { token: client.token });

    expect(link.status).toBe(200);
    const { url, expiresAt } = link.body.data!;
    expect(url).toMatch(/^https:\/\/t\.me\/exchange_local_bot\?start=[A-Za-z0-9_-]+$/);
    expect(startTokenOf(url).length).toBeLessThanOrEqual(64);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const started = await sendTelegramUpdate(
      privateMessage(telegramUserId, `/start ${startTokenOf(url)}`, `tg_${telegramUserId}`),
    );
    expect(started.status).toBe(200);
    expect((await me(client)).telegramAccount).toMatchObject({ username: `tg_${telegramUserId}` });
    const replies = await waitForCalls(sentTo(telegramUserId), (calls) => calls.length >= 1);
    expect(textOf(replies[0]!)).toContain('Your Telegram is linked');

    // The same link again, from another Telegram account: refused, nothing moves.
    const other = newTelegramUserId();
    await sendTelegramUpdate(privateMessage(other, `/start ${startTokenOf(url)}`));
    const refused = await waitForCalls(sentTo(other), (calls) => calls.length >= 1);
    expect(textOf(refused[0]!)).toContain('no longer valid');
    expect((await me(client)).telegramAccount?.username).toBe(`tg_${telegramUserId}`);
  });

  it('refuses an expired link', async () => {
    const client = await newUser();
    const { createTelegramLink: issue } = await import('@functions/domain/telegram/linking');
    const old = await issue(client.id, new Date(Date.now() - 11 * 60_000));
    const telegramUserId = newTelegramUserId();

    await sendTelegramUpdate(privateMessage(telegramUserId, `/start ${startTokenOf(old.url)}`));

    const replies = await waitForCalls(sentTo(telegramUserId), (calls) => calls.length >= 1);
    // Answered in the language the Telegram account uses (en here).
    expect(textOf(replies[0]!)).toContain('no longer valid');
    expect((await me(client)).telegramAccount).toBeNull();
  });

  it('moves a Telegram account linked again to another site account, and unlinks', async () => {
    const [first, second] = await Promise.all([newUser(), newUser()]);
    const telegramUserId = newTelegramUserId();
    await linkTelegram(first, telegramUserId, sendTelegramUpdate);
    await linkTelegram(second, telegramUserId, sendTelegramUpdate);

    expect((await me(first)).telegramAccount).toBeNull();
    expect((await me(second)).telegramAccount).not.toBeNull();

    const unlinked = await call(deleteTelegramLink, { token: second.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data!.telegramAccount).toBeNull();
    expect((await me(second)).telegramAccount).toBeNull();
  });

  it('needs a login', async () => {
    expect((await call(createTelegramLink, {})).status).toBe(401);
  });
});

describe('validate-telegram with a bot configured', () => {
  it('says whether that username has started the bot; for a phone number it cannot say', async () => {
    const telegramUserId = newTelegramUserId();
    const username = `started_${telegramUserId}`;
    const before = await call(validateTelegram, { body: { username: `@${username}` } });
    expect(before.body.data).toEqual({
      isValid: true,
      bot: { username: 'exchange_local_bot', started: false },
    });

    await sendTelegramUpdate(privateMessage(telegramUserId, '/start', username));

    const after = await call(validateTelegram, { body: { username: `@${username.toUpperCase()}` } });
    expect(after.body.data).toEqual({
      isValid: true,
      bot: { username: 'exchange_local_bot', started: true },
    });
    const phone = await call(validateTelegram, { body: { username: '+7 999 123-45-67' } });
    expect(phone.body.data).toEqual({
      isValid: true,
      bot: { username: 'exchange_local_bot', started: null },
    });
    const invalid = await call(validateTelegram, { body: { username: 'no' } });
    expect(invalid.body.data).toEqual({ isValid: false });
  });
});

describe("a linked client's news in Telegram", () => {
  it('gets each status change with a link to the order page, never the payment details', async () => {
    const client = await newUser({ language: 'en' });
    const telegramUserId = newTelegramUserId();
    await linkTelegram(client, telegramUserId, sendTelegramUpdate);
    const application = await createApplication(client, standardBody({ amount: 410 }));

    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    const iban = 'ES91 2100 0418 4502 0005 1332';
    const issued = await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: `Pay by SEPA to ${iban}.` },
    });
    expect(issued.status).toBe(200);
    const posted = await call(adminPostMessage, {
      token: manager.token,
      params: { id: application.id },
      body: { text: `Reminder: the IBAN is ${iban}.` },
    });
    expect(posted.status).toBe(201);

    // The link's reply, two status changes and the message's note.
    const calls = await waitForCalls(sentTo(telegramUserId), (found) => found.length >= 4);
    const texts = calls.map(textOf);
    const orderUrl = `/applications/${application.id}`;
    expect(texts.some((text) => text.includes('in progress') && text.includes(orderUrl))).toBe(true);
    expect(texts.some((text) => text.includes('awaiting your payment') && text.includes(orderUrl))).toBe(
      true,
    );
    expect(
      texts.some((text) => text.includes('New message from the exchange') && text.includes(orderUrl)),
    ).toBe(true);
    // The deadline in the business's time (Europe/Moscow, UTC+3 all year), the zone named.
    const deadline = Date.parse(issued.body.data!.instructions!.deadline);
    const moscow = new Date(deadline + 3 * 3_600_000).toISOString().slice(11, 16);
    const waiting = texts.find((text) => text.includes('awaiting your payment'))!;
    expect(waiting).toMatch(new RegExp(`\\nPay by \\d+ \\w+ \\d{4}, ${moscow} \\(Moscow, UTC\\+3\\)\\.\\n`));
    for (const text of texts) {
      expect(text).not.toContain('ES91');
      expect(text).not.toContain('SEPA');
    }
  });

  it('gets nothing once unlinked', async () => {
    const client = await newUser({ language: 'en' });
    const telegramUserId = newTelegramUserId();
    await linkTelegram(client, telegramUserId, sendTelegramUpdate);
    await waitForCalls(sentTo(telegramUserId), (found) => found.length >= 1);
    expect((await call(deleteTelegramLink, { token: client.token })).status).toBe(200);
    const application = await createApplication(client, standardBody({ amount: 420 }));

    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);

    const { outboxSettled } = await import('../../support/mail');
    await outboxSettled();
    expect(await telegramCalls({ method: 'sendMessage', chatId: telegramUserId })).toHaveLength(1);
  });
});

describe("sending at Telegram's pace", () => {
  it('retries a 429 after its retry_after, and keeps a second apart between two messages to a chat', async () => {
    const client = await newUser({ language: 'en' });
    const telegramUserId = newTelegramUserId();
    await linkTelegram(client, telegramUserId, sendTelegramUpdate);
    await waitForCalls(sentTo(telegramUserId), (found) => found.length >= 1);
    await failTelegram({
      status: 429,
      retryAfter: 2,
      times: 1,
      method: 'sendMessage',
      chatId: telegramUserId,
    });
    const application = await createApplication(client, standardBody({ amount: 430 }));

    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    expect((await setStatus(manager, application.id, 'CANCELLED')).status).toBe(200);

    const calls = await waitForCalls(
      sentTo(telegramUserId),
      (found) => found.filter((c) => c.status === 200).length >= 3,
    );
    const [linked, refused, ...sent] = calls;
    expect(linked!.status).toBe(200);
    expect(refused!.status).toBe(429);
    // The refused message went again no sooner than retry_after (the chat was held from when the 429
    // came), and the next one no sooner than a second after that one's slot: lower bounds, which a
    // slow machine only makes larger.
    expect(Date.parse(sent[0]!.at) - Date.parse(refused!.at)).toBeGreaterThanOrEqual(2000);
    expect(textOf(sent[0]!)).toBe(textOf(refused!));
    expect(Date.parse(sent[1]!.at) - Date.parse(refused!.at)).toBeGreaterThanOrEqual(3000);
  });
});
