// Routes of one area of the manifest (docs/architecture.md §2): Staff management of user accounts.
import {
  adminUserApplicationsQuerySchema,
  adminUserParamsSchema,
  adminUserRoleBodySchema,
  adminUsersQuerySchema,
  adminUserUpdateBodySchema,
} from '@shared/contract/admin-users';
import { inviteStaffBodySchema, staffInvitationParamsSchema } from '@shared/contract/staff-invitations';
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
  summary:
    "Edit email, username, role, isActive, language, adminComment and a MANAGER's scope (cities, directions, refunds); role hierarchy applies, audited",
  tag: 'admin-users',
  params: adminUserParamsSchema,
  body: adminUserUpdateBodySchema,
  response: 'publicUserSchema',
  uses: { table: 'readWrite', live: 'close' },
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
  uses: { table: 'readWrite', live: 'close' },
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
  uses: { table: 'readWrite', live: 'close' },
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

export const adminListStaffInvitations = {
  method: 'GET',
  path: '/api/admin/staff-invitations',
  handler: 'handlers/admin/users/list-staff-invitations',
  access: 'ADMIN',
  summary: 'Staff invitations not accepted nor revoked (lapsed ones marked expired), oldest first',
  tag: 'admin-users',
  response: 'staffInvitationListSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminInviteStaff = {
  method: 'POST',
  path: '/api/admin/staff-invitations',
  handler: 'handlers/admin/users/invite-staff',
  access: 'ADMIN',
  throttle: 'auth',
  summary:
    'Invite a staff member by email with a role (ADMIN invites MANAGER; SUPER_ADMIN any staff role): mails a single-use link valid 48 h; audited',
  tag: 'admin-users',
  body: inviteStaffBodySchema,
  successStatus: 201,
  response: 'staffInvitationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminResendStaffInvitation = {
  method: 'POST',
  path: '/api/admin/staff-invitations/{id}/resend',
  handler: 'handlers/admin/users/resend-staff-invitation',
  access: 'ADMIN',
  throttle: 'auth',
  summary: 'Mail an invitation again with a new link valid 48 h (the older link stops working); audited',
  tag: 'admin-users',
  params: staffInvitationParamsSchema,
  response: 'staffInvitationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminRevokeStaffInvitation = {
  method: 'DELETE',
  path: '/api/admin/staff-invitations/{id}',
  handler: 'handlers/admin/users/revoke-staff-invitation',
  access: 'ADMIN',
  summary: 'Revoke an invitation: its link stops working at once; audited',
  tag: 'admin-users',
  params: staffInvitationParamsSchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
