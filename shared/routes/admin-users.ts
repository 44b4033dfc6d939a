// Routes of one area of the manifest (docs/architecture.md §2): Staff management of user accounts.
import {
  adminUserApplicationsQuerySchema,
  adminUserParamsSchema,
  adminUserRoleBodySchema,
  adminUsersQuerySchema,
  adminUserUpdateBodySchema,
} from '@shared/contract/admin-users';
import type { RouteDefinition } from './definition';

export const adminListUsers = {
  method: 'GET',
  path: '/api/admin/users',
  handler: 'handlers/admin/users/list-users',
  access: 'MANAGER',
  summary: 'Users, newest first; filter by role, isActive, emailVerified; search email/username',
  tag: 'admin-users',
  query: adminUsersQuerySchema,
  response: 'adminUsersPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetUser = {
  method: 'GET',
  path: '/api/admin/users/{id}',
  handler: 'handlers/admin/users/get-user',
  access: 'MANAGER',
  summary: 'One user with completed applications and the latest staff actions on them',
  tag: 'admin-users',
  params: adminUserParamsSchema,
  response: 'adminUserDetailSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminUpdateUser = {
  method: 'PUT',
  path: '/api/admin/users/{id}',
  handler: 'handlers/admin/users/update-user',
  access: 'ADMIN',
  summary: 'Edit email, username, role, isActive, language, adminComment (role hierarchy applies)',
  tag: 'admin-users',
  params: adminUserParamsSchema,
  body: adminUserUpdateBodySchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminSetUserRole = {
  method: 'PUT',
  path: '/api/admin/users/{id}/role',
  handler: 'handlers/admin/users/set-role',
  access: 'ADMIN',
  summary: "Change a user's role (ADMIN grants USER or MANAGER; SUPER_ADMIN any)",
  tag: 'admin-users',
  params: adminUserParamsSchema,
  body: adminUserRoleBodySchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminActivateUser = {
  method: 'PUT',
  path: '/api/admin/users/{id}/activate',
  handler: 'handlers/admin/users/activate-user',
  access: 'ADMIN',
  summary: 'Activate a user',
  tag: 'admin-users',
  params: adminUserParamsSchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminDeactivateUser = {
  method: 'PUT',
  path: '/api/admin/users/{id}/deactivate',
  handler: 'handlers/admin/users/deactivate-user',
  access: 'ADMIN',
  summary: 'Deactivate a user and end their sessions at once',
  tag: 'admin-users',
  params: adminUserParamsSchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminResetReferrals = {
  method: 'POST',
  path: '/api/admin/users/{id}/reset-referrals',
  handler: 'handlers/admin/users/reset-referrals',
  access: 'ADMIN',
  summary: "Set a user's referral count to 0; answers the count before",
  tag: 'admin-users',
  params: adminUserParamsSchema,
  response: 'resetReferralsDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminUserApplications = {
  method: 'GET',
  path: '/api/admin/users/{id}/applications',
  handler: 'handlers/admin/users/list-user-applications',
  access: 'MANAGER',
  summary: "One user's applications, newest first (staff view)",
  tag: 'admin-users',
  params: adminUserParamsSchema,
  query: adminUserApplicationsQuerySchema,
  response: 'adminUserApplicationsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminListManagers = {
  method: 'GET',
  path: '/api/admin/managers',
  handler: 'handlers/admin/users/list-managers',
  access: 'MANAGER',
  summary: 'Active staff (MANAGER, ADMIN, SUPER_ADMIN): id, username, email',
  tag: 'admin-users',
  response: 'managerListSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminResetUserMfa = {
  method: 'POST',
  path: '/api/admin/users/{id}/mfa/reset',
  handler: 'handlers/admin/users/reset-mfa',
  access: 'SUPER_ADMIN',
  summary: "Turn off a staff member's second factor (lost device); audited, ends their sessions",
  tag: 'admin-users',
  params: adminUserParamsSchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
