import type { RouteCall } from '@shared/routes/definition';
import { adminRevokeSession, adminSecurityAudit, adminSecuritySessions } from '@shared/routes/security';
import { adminGetSetting, adminPutSetting } from '@shared/routes/settings';
import { call } from '@web/lib/api-client';

/** What the audit log sends: the filters as the route takes them, each absent when not set. */
export type SecurityAuditQuery = NonNullable<RouteCall<typeof adminSecurityAudit>['query']>;

function required<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`The security settings answered no ${what}.`);
  return data;
}

/** The security page's calls (docs/product.md §7): the second-factor setting, staff sessions, the audit log. */
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
};
