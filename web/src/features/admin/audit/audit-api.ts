import { adminListManagers } from '@shared/routes/admin-users';
import { adminAuditTrail } from '@shared/routes/audit';
import type { RouteCall } from '@shared/routes/definition';
import { call } from '@web/lib/api-client';

/** What the trail is asked for: the filters as the route takes them, each absent when not set. */
export type AuditTrailQuery = NonNullable<RouteCall<typeof adminAuditTrail>['query']>;

/** The audit page's calls (docs/product.md "Audit trail"): the trail, and the staff its filter names. */
export const auditApi = {
  trail: async (query: AuditTrailQuery, signal?: AbortSignal) =>
    (await call(adminAuditTrail, { query, signal })).data,
  staff: async (signal?: AbortSignal) => (await call(adminListManagers, { signal })).data,
};
