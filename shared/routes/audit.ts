// Routes of one area of the manifest (docs/architecture.md §2): the audit trail of every change staff or the system made.
import { auditQuerySchema } from '@shared/contract/audit';
import type { RouteDefinition } from './definition';

export const adminAuditTrail = {
  method: 'GET',
  path: '/api/admin/audit',
  handler: 'handlers/admin/audit/trail',
  access: 'ADMIN',
  summary:
    'The audit trail: every change by staff or the system (who, when, address and device, before and after), ' +
    "newest first, by kind, staff member, object (type and id: a deal's or an account's own trail) and " +
    "period (business days in the business's time zone, the last 30 by default); cursor pages",
  tag: 'admin-audit',
  query: auditQuerySchema,
  response: 'auditPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;
