// Routes of one area of the manifest (docs/architecture.md §2): Staff processing of exchange applications.
import {
  applicationIdParamsSchema,
  changeStatusBodySchema,
  listAdminApplicationsQuerySchema,
  updateDetailsBodySchema,
} from '@shared/contract/applications';
import type { RouteDefinition } from './definition';

export const adminListApplications = {
  method: 'GET',
  path: '/api/admin/applications',
  handler: 'handlers/admin/applications/list',
  access: 'MANAGER',
  summary: 'Applications for staff: filter, search, sort, page',
  tag: 'admin-applications',
  query: listAdminApplicationsQuerySchema,
  response: 'adminApplicationsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetApplication = {
  method: 'GET',
  path: '/api/admin/applications/{id}',
  handler: 'handlers/admin/applications/get',
  access: 'MANAGER',
  summary: 'One application with its status history and audit trail',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminChangeApplicationStatus = {
  method: 'POST',
  path: '/api/admin/applications/{id}/status',
  handler: 'handlers/admin/applications/change-status',
  access: 'MANAGER',
  rollout: 'canary',
  summary: 'Move an application to another status (409 when it changed meanwhile)',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: changeStatusBodySchema,
  response: 'adminApplicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminUpdateApplicationDetails = {
  method: 'PUT',
  path: '/api/admin/applications/{id}/details',
  handler: 'handlers/admin/applications/update-details',
  access: 'MANAGER',
  summary: 'Set the admin note and/or the assignee (null unassigns)',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: updateDetailsBodySchema,
  response: 'adminApplicationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
