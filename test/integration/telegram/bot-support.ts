import { randomInt } from 'node:crypto';
import type { TelegramStandInCall } from '@infra/local/telegram-stand-in';
import { createTelegramLink } from '@shared/routes/telegram';
import { expect } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';

/**
 * What the Telegram tests share: Telegram ids no other test uses, a private chat's /start update,
 * linking a test user through the real deep link, and waiting for the bot's calls (the outbox sends
 * them moments after the change that queued them).
 */

/** A Telegram user id of its own (private chats have the user's id). */
export const newTelegramUserId = () => randomInt(1_000_000_000, 2_000_000_000);
/** A supergroup's id of its own (-100 followed by ten digits). */
export const newGroupChatId = () => -(1_000_000_000_000 + randomInt(1, 999_999_999));

/** A private-chat message from `telegramUserId` as Telegram sends it (no update_id: the stand-in numbers it). */
export function privateMessage(telegramUserId: number, text: string, username?: string) {
  return {
    message: {
      message_id: randomInt(1, 1_000_000),
      date: Math.floor(Date.now() / 1000),
      chat: { id: telegramUserId, type: 'private', first_name: 'Test' },
      from: {
        id: telegramUserId,
        is_bot: false,
        first_name: 'Test',
        ...(username ? { username } : {}),
        language_code: 'en',
      },
      text,
    },
  };
}

/** The `start` token of a deep link `https://t.me/<bot>?start=<token>`. */
export function startTokenOf(url: string): string {
  const link = new URL(url);
  expect(link.origin).toBe('https://t.me');
  return link.searchParams.get('start')!;
}

/**
 * Links `user`'s account to Telegram account `telegramUserId` the way a person does: asks for the
 * deep link, then "presses Start" (the /start update through `deliver`, Telegram's delivery).
 */
export async function linkTelegram(
  user: TestUser,
  telegramUserId: number,
  deliver: (update: Record<string, unknown>) => Promise<{ status: number }>,
  options: { apiUrl?: string; username?: string } = {},
): Promise<void> {
  const link = await call(createTelegramLink, { token: user.token, apiUrl: options.apiUrl });
  expect(link.status).toBe(200);
  const delivered = await deliver(
    privateMessage(telegramUserId, `/start ${startTokenOf(link.body.data!.url)}`, options.username),
  );
  expect(delivered.status).toBe(200);
}

/** Waits (at most `timeoutMs`) until the calls `read` answers satisfy `done`; answers them. */
export async function waitForCalls(
  read: () => Promise<TelegramStandInCall[]>,
  done: (calls: TelegramStandInCall[]) => boolean,
  timeoutMs = 10_000,
): Promise<TelegramStandInCall[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const calls = await read();
    if (done(calls)) return calls;
    if (Date.now() > until)
      throw new Error(
        `The bot's calls never got there: ${JSON.stringify(calls.map((c) => [c.method, c.params]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text a sendMessage or editMessageText call carried. */
export const textOf = (entry: TelegramStandInCall) => String(entry.params.text);
