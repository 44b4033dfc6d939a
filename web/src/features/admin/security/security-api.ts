import type { RouteCall } from '@shared/routes/definition';
import { adminRevokeSession, adminSecurityAudit, adminSecuritySessions } from '@shared/routes/security';
import { adminGetSetting, adminPutSetting } from '@shared/routes/settings';
import {
  adminTelegramSetWebhook,
  adminTelegramStatus,
  adminTelegramTestMessage,
} from '@shared/routes/telegram';
import { call } from '@web/lib/api-client';

/** What the audit log sends: the filters as the route takes them, each absent when not set. */
export type SecurityAuditQuery = NonNullable<RouteCall<typeof adminSecurityAudit>['query']>;

function required<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`The security settings answered no ${what}.`);
  return data;
}

/**
 * The security page's calls (docs/product.md §7): the second-factor setting, staff sessions, the audit
 * log, and the Telegram bot (its state, the webhook, the staff group's setting, a test message).
 */
export const securityApi = {
  mfaSetting: async (signal?: AbortSignal) =>
    required((await call(adminGetSetting, { params: { key: 'staffMfaRequired' }, signal })).data, 'setting'),
  saveMfaSetting: async (value: 0 | 1) =>
    required(
      (await call(adminPutSetting, { params: { key: 'staffMfaRequired' }, body: { value } })).data,
      'setting',
    ),
  sessions: async (signal?: AbortSignal) =>
    required((await call(adminSecuritySessions, { signal })).data, 'sessions'),
  revoke: (id: string) => call(adminRevokeSession, { params: { id } }),
  audit: async (query: SecurityAuditQuery, signal?: AbortSignal) =>
    required((await call(adminSecurityAudit, { query, signal })).data, 'audit page'),
  telegramStatus: async (signal?: AbortSignal) =>
    required((await call(adminTelegramStatus, { signal })).data, 'Telegram bot state'),
  setTelegramWebhook: async () => required((await call(adminTelegramSetWebhook)).data, 'Telegram bot state'),
  /** Saves the setting telegramStaffChatId ('' for none), as the settings page would. */
  saveTelegramStaffChat: async (value: string) =>
    required(
      (await call(adminPutSetting, { params: { key: 'telegramStaffChatId' }, body: { value } })).data,
      'setting',
    ),
  sendTelegramTest: () => call(adminTelegramTestMessage),
};
