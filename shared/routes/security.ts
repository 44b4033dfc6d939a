// Routes of one area of the manifest (docs/architecture.md §2): Security settings (staff's sessions, the security audit log and the AML check's state).
import { securityAuditQuerySchema, securitySessionParamsSchema } from '@shared/contract/security';
import type { RouteDefinition } from './definition';

export const adminSecuritySessions = {
  method: 'GET',
  path: '/api/admin/security/sessions',
  handler: 'handlers/admin/security/sessions',
  access: 'ADMIN',
  summary:
    "Every active staff member with their live sessions (created, last refreshed, end; the caller's own marked)",
  tag: 'admin-security',
  response: 'staffSessionsSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminRevokeSession = {
  method: 'DELETE',
  path: '/api/admin/security/sessions/{id}',
  handler: 'handlers/admin/security/revoke-session',
  access: 'SUPER_ADMIN',
  summary:
    "End a staff member's session at once: its refresh token and access tokens are refused from now on (audited)",
  tag: 'admin-security',
  params: securitySessionParamsSchema,
  uses: { table: 'readWrite', live: 'close' },
} as const satisfies RouteDefinition;

export const adminSecurityAudit = {
  method: 'GET',
  path: '/api/admin/security/audit',
  handler: 'handlers/admin/security/audit',
  access: 'ADMIN',
  summary:
    'The audit log of security-relevant changes (roles, activation, second-factor resets, session revokes, ' +
    'settings), newest first, by kind, staff member and period (UTC days, the last 30 by default); cursor pages',
  tag: 'admin-security',
  query: securityAuditQuerySchema,
  response: 'securityAuditPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminAmlStatus = {
  method: 'GET',
  path: '/api/admin/security/aml',
  handler: 'handlers/admin/security/aml-status',
  access: 'ADMIN',
  summary:
    "The AML check of incoming USDT: on (the provider's key is set) or off, and this business month's checks and their cost",
  tag: 'admin-security',
  response: 'amlStatusSchema',
  uses: { table: 'read', aml: true },
} as const satisfies RouteDefinition;
