// Routes of one area of the manifest (docs/architecture.md §2): the Telegram bot (docs/architecture.md "The Telegram bot").
import { telegramUpdateSchema, telegramWebhookHeadersSchema } from '@shared/contract/telegram';
import type { RouteDefinition } from './definition';

export const telegramWebhook = {
  method: 'POST',
  path: '/api/telegram/webhook',
  handler: 'handlers/telegram/webhook',
  access: 'public',
  summary:
    "Telegram's webhook: updates for the bot (a /start with a link token, a Take press, the bot added to " +
    'a group); refused with 401 without the secret given to setWebhook in X-Telegram-Bot-Api-Secret-Token',
  tag: 'telegram',
  headers: telegramWebhookHeadersSchema,
  body: telegramUpdateSchema,
  uses: { table: 'readWrite', telegram: 'api' },
} as const satisfies RouteDefinition;

export const createTelegramLink = {
  method: 'POST',
  path: '/api/telegram/link',
  handler: 'handlers/telegram/create-link',
  access: 'user',
  summary:
    "A deep link (t.me/<bot>?start=<token>) that links the caller's Telegram account once opened and " +
    'started: single use, valid 10 minutes',
  tag: 'telegram',
  response: 'telegramLinkDataSchema',
  uses: { table: 'readWrite', telegram: 'username' },
} as const satisfies RouteDefinition;

export const deleteTelegramLink = {
  method: 'DELETE',
  path: '/api/telegram/link',
  handler: 'handlers/telegram/delete-link',
  access: 'user',
  summary: "Unlink the caller's Telegram account: nothing is sent there any more",
  tag: 'telegram',
  response: 'ownUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminTelegramStatus = {
  method: 'GET',
  path: '/api/admin/telegram',
  handler: 'handlers/admin/telegram/status',
  access: 'ADMIN',
  summary:
    "The Telegram bot's state: configured, the webhook as Telegram reports it, the last update, the staff " +
    'group and the groups the bot is in, the latest send errors',
  tag: 'admin-security',
  response: 'telegramBotStatusSchema',
  uses: { table: 'read', telegram: 'api' },
} as const satisfies RouteDefinition;

export const adminTelegramSetWebhook = {
  method: 'POST',
  path: '/api/admin/telegram/webhook',
  handler: 'handlers/admin/telegram/set-webhook',
  access: 'SUPER_ADMIN',
  summary: "Point the bot's webhook at this installation (setWebhook with its address and secret; audited)",
  tag: 'admin-security',
  response: 'telegramBotStatusSchema',
  uses: { table: 'readWrite', telegram: 'api' },
} as const satisfies RouteDefinition;

export const adminTelegramTestMessage = {
  method: 'POST',
  path: '/api/admin/telegram/test',
  handler: 'handlers/admin/telegram/test-message',
  access: 'SUPER_ADMIN',
  summary: 'Queue a test message to the staff group chat (409 when none is set or no bot is configured)',
  tag: 'admin-security',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
