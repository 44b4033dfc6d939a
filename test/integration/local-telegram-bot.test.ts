import { TELEGRAM_ALLOWED_UPDATES } from '@functions/data/telegram-bot-api';
import { describe, expect, inject, it } from 'vitest';

/**
 * The local stack's bot (infra/local/stack.ts): the Bot API stand-in runs, the functions' variables
 * point at it, and the stack set its webhook to the site's `/api/telegram/webhook` with the
 * webhook's secret, through the adapter (functions/data/telegram-bot-api.ts), as an operator does.
 */
const stack = inject('localStack');

describe('the local stack’s Telegram bot', () => {
  it('points the webhook at the site with the allowed updates the adapter asks for', async () => {
    expect(stack.telegramApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.telegramWebhookSecret).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    const response = await fetch(
      `${stack.telegramApiUrl}/bot${process.env.TELEGRAM_BOT_TOKEN}/getWebhookInfo`,
    );
    expect(await response.json()).toMatchObject({
      ok: true,
      result: {
        url: `${stack.apiUrl}/api/telegram/webhook`,
        allowed_updates: [...TELEGRAM_ALLOWED_UPDATES],
      },
    });
  });

  it('gives the tests the functions’ Telegram variables', () => {
    expect(process.env).toMatchObject({
      TELEGRAM_API_URL: stack.telegramApiUrl,
      TELEGRAM_BOT_USERNAME: 'exchange_local_bot',
      TELEGRAM_WEBHOOK_SECRET: stack.telegramWebhookSecret,
    });
  });
});
