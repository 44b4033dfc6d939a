import { holdTelegramChat, reserveTelegramSendSlot } from '@functions/data/telegram';
import { sendPaceOf } from '@functions/domain/outbox/telegram-channel';
import { describe, expect, it } from 'vitest';
import { newGroupChatId, newTelegramUserId } from './bot-support';

/**
 * Telegram's limits as the sender keeps them (functions/data/telegram.ts reserveTelegramSendSlot on
 * DynamoDB Local): a second apart in one chat, at most 20 a minute in a group, a 429's hold, and a
 * slot further off than the sender will wait is not taken. Times are given, not read from a clock.
 */
const T0 = Date.parse('2026-11-26T12:00:00.000Z');
const FAR = 10 * 60_000;

describe('reserving send slots', () => {
  it('spaces one private chat a second apart, whoever asks at once', async () => {
    const chat = String(newTelegramUserId());
    const slots = await Promise.all(
      [0, 1, 2, 3].map(() => reserveTelegramSendSlot(chat, sendPaceOf(chat), T0, FAR)),
    );
    expect(slots.map((slot) => slot! - T0).sort((a, b) => a - b)).toEqual([0, 1000, 2000, 3000]);
  });

  it('lets a group have 20 in a minute, then the 21st waits for the first to be a minute old', async () => {
    const chat = String(newGroupChatId());
    const slots: number[] = [];
    for (let index = 0; index < 21; index += 1)
      slots.push((await reserveTelegramSendSlot(chat, sendPaceOf(chat), T0, FAR))!);
    expect(slots[19]! - T0).toBe(19_000);
    expect(slots[20]! - T0).toBe(60_000);
  });

  it('takes no slot further off than the caller will wait', async () => {
    const chat = String(newTelegramUserId());
    expect(await reserveTelegramSendSlot(chat, sendPaceOf(chat), T0, 3000)).toBe(T0);
    await holdTelegramChat(chat, T0 + 30_000);
    expect(await reserveTelegramSendSlot(chat, sendPaceOf(chat), T0 + 1000, 3000)).toBeUndefined();
    // Nothing was taken by the refusal: at the hold's end the chat is free at once.
    expect(await reserveTelegramSendSlot(chat, sendPaceOf(chat), T0 + 30_000, 3000)).toBe(T0 + 30_000);
  });
});
