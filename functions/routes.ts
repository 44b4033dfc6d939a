import {
  activityStatsDataSchema,
  adminGeoTreeSchema,
  dashboardDataSchema,
  dashboardQuerySchema,
  geoToggleBodySchema,
  geoToggleDataSchema,
  putSettingBodySchema,
  settingKeyParamsSchema,
  settingListSchema,
  settingSchema,
} from '@shared/contract/admin';
import {
  adminUserApplicationsPageSchema,
  adminUserApplicationsQuerySchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUserRoleBodySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserUpdateBodySchema,
  managerListSchema,
  resetReferralsDataSchema,
} from '@shared/contract/admin-users';
import {
  adminApplicationDetailSchema,
  adminApplicationSchema,
  adminApplicationsPageSchema,
  applicationIdParamsSchema,
  applicationSchema,
  changeStatusBodySchema,
  createApplicationBodySchema,
  createApplicationHeadersSchema,
  listAdminApplicationsQuerySchema,
  listMyApplicationsQuerySchema,
  myApplicationsPageSchema,
  updateDetailsBodySchema,
} from '@shared/contract/applications';
import {
  changePasswordBodySchema,
  emailBodySchema,
  loginBodySchema,
  meDataSchema,
  refreshBodySchema,
  refreshDataSchema,
  registerBodySchema,
  registerDataSchema,
  resetPasswordBodySchema,
  sessionDataSchema,
  updateProfileBodySchema,
  verifyEmailQuerySchema,
} from '@shared/contract/auth';
import {
  avatarListSchema,
  validateTelegramBodySchema,
  validateTelegramDataSchema,
} from '@shared/contract/misc';
import {
  listNotificationsQuerySchema,
  notificationIdParamsSchema,
  notificationSchema,
  notificationsPageSchema,
  readAllDataSchema,
} from '@shared/contract/notifications';
import {
  calculateBodySchema,
  putRatesBodySchema,
  putRatesDataSchema,
  quoteSchema,
  ratesDataSchema,
} from '@shared/contract/rates';
import { healthDataSchema, openApiDocumentSchema } from '@shared/contract/system';
import { publicUserSchema } from '@shared/contract/users';
import { geoTreeSchema } from '@shared/geo';
import type { ZodMiniType } from 'zod/mini';
import type { JobDefinition, RouteDefinition } from './route-definition';

export const health = {
  method: 'GET',
  path: '/api/health',
  handler: 'handlers/system/health',
  access: 'public',
  summary: 'Liveness and database reachability',
  tag: 'system',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const openApi = {
  method: 'GET',
  path: '/api/openapi.json',
  handler: 'handlers/system/openapi',
  access: 'public',
  summary: 'This API as an OpenAPI 3.1 document',
  tag: 'system',
  uses: {},
} as const satisfies RouteDefinition;

export const getGeo = {
  method: 'GET',
  path: '/api/geo',
  handler: 'handlers/geo/get-active-geo',
  access: 'public',
  summary: 'Active continents, countries and cities for the apply form',
  tag: 'geo',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const listAvatars = {
  method: 'GET',
  path: '/api/misc/avatars',
  handler: 'handlers/misc/list-avatars',
  access: 'public',
  summary: 'Absolute URLs of the avatar images users may choose',
  tag: 'misc',
  uses: {},
} as const satisfies RouteDefinition;

export const validateTelegram = {
  method: 'POST',
  path: '/api/misc/validate-telegram',
  handler: 'handlers/misc/validate-telegram',
  access: 'public',
  summary: 'Whether a value is a Telegram username or an international phone number',
  tag: 'misc',
  body: validateTelegramBodySchema,
  uses: {},
} as const satisfies RouteDefinition;

export const authRegister = {
  method: 'POST',
  path: '/api/auth/register',
  handler: 'handlers/auth/register',
  access: 'public',
  summary: 'Register (no login); mails a verification link',
  tag: 'auth',
  body: registerBodySchema,
  successStatus: 201,
  uses: { table: 'readWrite', mail: true },
} as const satisfies RouteDefinition;

export const authLogin = {
  method: 'POST',
  path: '/api/auth/login',
  handler: 'handlers/auth/login',
  access: 'public',
  summary: 'Log in with email or username; starts a session family',
  tag: 'auth',
  body: loginBodySchema,
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authVerifyEmail = {
  method: 'GET',
  path: '/api/auth/verify-email',
  handler: 'handlers/auth/verify-email',
  access: 'public',
  summary: 'Confirm the email with the mailed token; logs the user in',
  tag: 'auth',
  query: verifyEmailQuerySchema,
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authResendVerification = {
  method: 'POST',
  path: '/api/auth/resend-verification',
  handler: 'handlers/auth/resend-verification',
  access: 'public',
  summary: 'Mail a new verification link (same answer whether or not the account exists)',
  tag: 'auth',
  body: emailBodySchema,
  uses: { table: 'readWrite', mail: true },
} as const satisfies RouteDefinition;

export const authRefresh = {
  method: 'POST',
  path: '/api/auth/refresh',
  handler: 'handlers/auth/refresh',
  access: 'public',
  summary: 'Rotate the refresh token; a reused token revokes its session family',
  tag: 'auth',
  body: refreshBodySchema,
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authLogout = {
  method: 'POST',
  path: '/api/auth/logout',
  handler: 'handlers/auth/logout',
  access: 'user',
  summary: 'End the current session family',
  tag: 'auth',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const authMe = {
  method: 'GET',
  path: '/api/auth/me',
  handler: 'handlers/auth/me',
  access: 'user',
  summary: 'The logged-in user',
  tag: 'auth',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const authChangePassword = {
  method: 'POST',
  path: '/api/auth/change-password',
  handler: 'handlers/auth/change-password',
  access: 'user',
  summary: 'Change the password; ends the other sessions and mails a notice',
  tag: 'auth',
  body: changePasswordBodySchema,
  uses: { table: 'readWrite', mail: true },
} as const satisfies RouteDefinition;

export const authForgotPassword = {
  method: 'POST',
  path: '/api/auth/forgot-password',
  handler: 'handlers/auth/forgot-password',
  access: 'public',
  summary: 'Mail a password reset link (always the same answer)',
  tag: 'auth',
  body: emailBodySchema,
  uses: { table: 'readWrite', mail: true },
} as const satisfies RouteDefinition;

export const authResetPassword = {
  method: 'POST',
  path: '/api/auth/reset-password',
  handler: 'handlers/auth/reset-password',
  access: 'public',
  summary: 'Set a new password with a mailed reset token; ends every session',
  tag: 'auth',
  body: resetPasswordBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const updateProfile = {
  method: 'PUT',
  path: '/api/users/profile',
  handler: 'handlers/users/update-profile',
  access: 'user',
  summary: 'Edit own username, language and avatar',
  tag: 'users',
  body: updateProfileBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminListUsers = {
  method: 'GET',
  path: '/api/admin/users',
  handler: 'handlers/admin/users/list-users',
  access: 'MANAGER',
  summary: 'Users, newest first; filter by role, isActive, emailVerified; search email/username',
  tag: 'admin-users',
  query: adminUsersQuerySchema,
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
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminListManagers = {
  method: 'GET',
  path: '/api/admin/managers',
  handler: 'handlers/admin/users/list-managers',
  access: 'MANAGER',
  summary: 'Active staff (MANAGER, ADMIN, SUPER_ADMIN): id, username, email',
  tag: 'admin-users',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const createApplication = {
  method: 'POST',
  path: '/api/applications',
  handler: 'handlers/applications/create',
  access: 'user',
  summary: 'Submit a standard or individual application (optional Idempotency-Key header)',
  tag: 'applications',
  headers: createApplicationHeadersSchema,
  body: createApplicationBodySchema,
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const listMyApplications = {
  method: 'GET',
  path: '/api/applications',
  handler: 'handlers/applications/list-mine',
  access: 'user',
  summary: "The caller's applications, newest first by default",
  tag: 'applications',
  query: listMyApplicationsQuerySchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const getMyApplication = {
  method: 'GET',
  path: '/api/applications/{id}',
  handler: 'handlers/applications/get-mine',
  access: 'user',
  summary: "One of the caller's applications (another user's id is a 404)",
  tag: 'applications',
  params: applicationIdParamsSchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const cancelMyApplication = {
  method: 'POST',
  path: '/api/applications/{id}/cancel',
  handler: 'handlers/applications/cancel-mine',
  access: 'user',
  summary: "Cancel one of the caller's PENDING applications",
  tag: 'applications',
  params: applicationIdParamsSchema,
  uses: { table: 'readWrite', mail: true },
} as const satisfies RouteDefinition;

export const getRates = {
  method: 'GET',
  path: '/api/rates',
  handler: 'handlers/rates/get-rates',
  access: 'public',
  summary: 'Published rates per direction, USD values per currency, and their update time',
  tag: 'rates',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const calculateRate = {
  method: 'POST',
  path: '/api/rates/calculate',
  handler: 'handlers/rates/calculate',
  access: 'public',
  summary: 'Amount to receive, rate, USD value and minimum for an amount (422 when no rate)',
  tag: 'rates',
  body: calculateBodySchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const listNotifications = {
  method: 'GET',
  path: '/api/notifications',
  handler: 'handlers/notifications/list',
  access: 'user',
  summary: "The caller's notifications, newest first, with the unread count",
  tag: 'notifications',
  query: listNotificationsQuerySchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const readNotification = {
  method: 'PUT',
  path: '/api/notifications/{id}/read',
  handler: 'handlers/notifications/read',
  access: 'user',
  summary: "Mark one of the caller's notifications read",
  tag: 'notifications',
  params: notificationIdParamsSchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const readAllNotifications = {
  method: 'POST',
  path: '/api/notifications/read-all',
  handler: 'handlers/notifications/read-all',
  access: 'user',
  summary: "Mark all the caller's notifications read",
  tag: 'notifications',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminListApplications = {
  method: 'GET',
  path: '/api/admin/applications',
  handler: 'handlers/admin/applications/list',
  access: 'MANAGER',
  summary: 'Applications for staff: filter, search, sort, page',
  tag: 'admin-applications',
  query: listAdminApplicationsQuerySchema,
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
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminChangeApplicationStatus = {
  method: 'POST',
  path: '/api/admin/applications/{id}/status',
  handler: 'handlers/admin/applications/change-status',
  access: 'MANAGER',
  summary: 'Move an application to another status (409 when it changed meanwhile)',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: changeStatusBodySchema,
  uses: { table: 'readWrite', mail: true },
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
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminDashboard = {
  method: 'GET',
  path: '/api/admin/dashboard',
  handler: 'handlers/admin/dashboard/dashboard',
  access: 'MANAGER',
  summary: 'KPIs, funnel and recent completions for a period (from counters)',
  tag: 'admin-dashboard',
  query: dashboardQuerySchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminActivityStats = {
  method: 'GET',
  path: '/api/admin/dashboard/activity-stats',
  handler: 'handlers/admin/dashboard/activity-stats',
  access: 'MANAGER',
  summary: 'Created and completed applications and new users per day, last 30 days',
  tag: 'admin-dashboard',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetGeo = {
  method: 'GET',
  path: '/api/admin/geo',
  handler: 'handlers/admin/geo/get-tree',
  access: 'ADMIN',
  summary: 'The whole geo tree, inactive nodes included',
  tag: 'admin-geo',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminToggleGeo = {
  method: 'PUT',
  path: '/api/admin/geo/toggle',
  handler: 'handlers/admin/geo/toggle',
  access: 'ADMIN',
  summary: 'Switch a location (and its descendants; on also switches its ancestors on)',
  tag: 'admin-geo',
  body: geoToggleBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminListSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  handler: 'handlers/admin/settings/list',
  access: 'ADMIN',
  summary: 'Every system setting',
  tag: 'admin-settings',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetSetting = {
  method: 'GET',
  path: '/api/admin/settings/{key}',
  handler: 'handlers/admin/settings/get',
  access: 'ADMIN',
  summary: 'One system setting',
  tag: 'admin-settings',
  params: settingKeyParamsSchema,
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutSetting = {
  method: 'PUT',
  path: '/api/admin/settings/{key}',
  handler: 'handlers/admin/settings/put',
  access: 'ADMIN',
  summary: 'Change a system setting',
  tag: 'admin-settings',
  params: settingKeyParamsSchema,
  body: putSettingBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminGetRates = {
  method: 'GET',
  path: '/api/admin/rates',
  handler: 'handlers/admin/rates/get-rates',
  access: 'ADMIN',
  summary: 'The whole rates table, inactive directions included',
  tag: 'admin-rates',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutRates = {
  method: 'PUT',
  path: '/api/admin/rates',
  handler: 'handlers/admin/rates/put-rates',
  access: 'ADMIN',
  summary: 'Set USD values of currencies and markup/limits of directions',
  tag: 'admin-rates',
  body: putRatesBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

/**
 * The route manifest: every endpoint of the API, read by the CDK API stack (one Lambda and one
 * HTTP API route per entry), by the local server and by the OpenAPI generator. Nothing else
 * declares a route. Each route is also its own export, so a handler imports (and its bundle
 * carries) only its own route and schemas.
 */
export const routes = {
  health,
  openApi,
  getGeo,
  listAvatars,
  validateTelegram,
  authRegister,
  authLogin,
  authVerifyEmail,
  authResendVerification,
  authRefresh,
  authLogout,
  authMe,
  authChangePassword,
  authForgotPassword,
  authResetPassword,
  updateProfile,
  adminListUsers,
  adminGetUser,
  adminUpdateUser,
  adminSetUserRole,
  adminActivateUser,
  adminDeactivateUser,
  adminResetReferrals,
  adminUserApplications,
  adminListManagers,
  createApplication,
  listMyApplications,
  getMyApplication,
  cancelMyApplication,
  getRates,
  calculateRate,
  listNotifications,
  readNotification,
  readAllNotifications,
  adminListApplications,
  adminGetApplication,
  adminChangeApplicationStatus,
  adminUpdateApplicationDetails,
  adminDashboard,
  adminActivityStats,
  adminGetGeo,
  adminToggleGeo,
  adminListSettings,
  adminGetSetting,
  adminPutSetting,
  adminGetRates,
  adminPutRates,
} satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;

/**
 * The shape of each route's `data` on success, read only by the OpenAPI generator. It stands apart
 * from the entries so that no function bundle carries (and builds at cold start) the zod schemas of
 * its own answer; `satisfies` makes a route without a line here a type error.
 */
export const routeResponses = {
  health: healthDataSchema,
  openApi: openApiDocumentSchema,
  getGeo: geoTreeSchema,
  listAvatars: avatarListSchema,
  validateTelegram: validateTelegramDataSchema,
  authRegister: registerDataSchema,
  authLogin: sessionDataSchema,
  authVerifyEmail: sessionDataSchema,
  authResendVerification: undefined,
  authRefresh: refreshDataSchema,
  authLogout: undefined,
  authMe: meDataSchema,
  authChangePassword: undefined,
  authForgotPassword: undefined,
  authResetPassword: undefined,
  updateProfile: publicUserSchema,
  adminListUsers: adminUsersPageSchema,
  adminGetUser: adminUserDetailSchema,
  adminUpdateUser: publicUserSchema,
  adminSetUserRole: publicUserSchema,
  adminActivateUser: publicUserSchema,
  adminDeactivateUser: publicUserSchema,
  adminResetReferrals: resetReferralsDataSchema,
  adminUserApplications: adminUserApplicationsPageSchema,
  adminListManagers: managerListSchema,
  createApplication: applicationSchema,
  listMyApplications: myApplicationsPageSchema,
  getMyApplication: applicationSchema,
  cancelMyApplication: applicationSchema,
  getRates: ratesDataSchema,
  calculateRate: quoteSchema,
  listNotifications: notificationsPageSchema,
  readNotification: notificationSchema,
  readAllNotifications: readAllDataSchema,
  adminListApplications: adminApplicationsPageSchema,
  adminGetApplication: adminApplicationDetailSchema,
  adminChangeApplicationStatus: adminApplicationSchema,
  adminUpdateApplicationDetails: adminApplicationSchema,
  adminDashboard: dashboardDataSchema,
  adminActivityStats: activityStatsDataSchema,
  adminGetGeo: adminGeoTreeSchema,
  adminToggleGeo: geoToggleDataSchema,
  adminListSettings: settingListSchema,
  adminGetSetting: settingSchema,
  adminPutSetting: settingSchema,
  adminGetRates: ratesDataSchema,
  adminPutRates: putRatesDataSchema,
} satisfies Record<RouteId, ZodMiniType | undefined>;

/** Answers every request no route matches (API Gateway's `$default` route; the local server's fallback). */
export const fallbackRoute = {
  handler: 'handlers/system/not-found',
  uses: {},
} as const;

/** Scheduled functions (EventBridge rules in AWS, timers in the local stack). */
export const jobs: Record<string, JobDefinition> = {
  expireStale: {
    handler: 'jobs/expire-stale',
    schedule: 'rate(15 minutes)',
    summary: 'Expire PENDING applications older than applicationExpiryHours',
    uses: { table: 'readWrite', mail: true },
  },
};

export const allRoutes = /* @__PURE__ */ Object.entries(routes) as Array<[RouteId, RouteDefinition]>;
