import type { RouteCall } from '@shared/routes/definition';
import {
  adminAmlStatus,
  adminRevokeSession,
  adminSecurityAudit,
  adminSecuritySessions,
} from '@shared/routes/security';
import { adminGetSetting, adminPutSetting } from '@shared/routes/settings';
import {
  adminTelegramSetWebhook,
  adminTelegramStatus,
  adminTelegramTestMessage,
} from '@shared/routes/telegram';
import { call } from '@web/lib/api-client';

/** What the audit log sends: the filters as the route takes them, each absent when not set. */
export type SecurityAuditQuery = NonNullable<RouteCall<typeof adminSecurityAudit>['query']>;

/**
 * The security page's calls (docs/product.md §7): the second-factor setting, staff sessions, the audit
 * log, the Telegram bot (its state, the webhook, the staff group's setting, a test message), and the
 * AML check's state with this month's usage.
 */
export const securityApi = {
  mfaSetting: async (signal?: AbortSignal) =>
    (await call(adminGetSetting, { params: { key: 'staffMfaRequired' }, signal })).data,
  saveMfaSetting: async (value: 0 | 1) =>
    (await call(adminPutSetting, { params: { key: 'staffMfaRequired' }, body: { value } })).data,
  sessions: async (signal?: AbortSignal) => (await call(adminSecuritySessions, { signal })).data,
  revoke: (id: string) => call(adminRevokeSession, { params: { id } }),
  audit: async (query: SecurityAuditQuery, signal?: AbortSignal) =>
    (await call(adminSecurityAudit, { query, signal })).data,
  telegramStatus: async (signal?: AbortSignal) => (await call(adminTelegramStatus, { signal })).data,
  setTelegramWebhook: async () => (await call(adminTelegramSetWebhook)).data,
  /** Saves the setting telegramStaffChatId ('' for none), as the settings page would. */
  saveTelegramStaffChat: async (value: string) =>
    (await call(adminPutSetting, { params: { key: 'telegramStaffChatId' }, body: { value } })).data,
  sendTelegramTest: () => call(adminTelegramTestMessage),
  amlStatus: async (signal?: AbortSignal) => (await call(adminAmlStatus, { signal })).data,
};
