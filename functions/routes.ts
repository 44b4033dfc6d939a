import { z } from 'zod';
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
} from '../shared/contract/auth';
import {
  avatarListSchema,
  validateTelegramBodySchema,
  validateTelegramDataSchema,
} from '../shared/contract/misc';
import { healthDataSchema } from '../shared/contract/system';
import { publicUserSchema } from '../shared/contract/users';
import { geoTreeSchema } from '../shared/geo';
import { defineRoutes, type JobDefinition, type RouteDefinition } from './route-definition';

/**
 * The route manifest: every endpoint of the API, read by the CDK API stack (one Lambda and one
 * HTTP API route per entry), by the local server and by the OpenAPI generator. Nothing else
 * declares a route.
 */
export const routes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/health',
    handler: 'handlers/system/health',
    access: 'public',
    summary: 'Liveness and database reachability',
    tag: 'system',
    response: healthDataSchema,
    uses: { table: 'read' },
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'handlers/system/openapi',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'system',
    response: z.record(z.string(), z.unknown()),
    uses: {},
  },
  getGeo: {
    method: 'GET',
    path: '/api/geo',
    handler: 'handlers/geo/get-active-geo',
    access: 'public',
    summary: 'Active continents, countries and cities for the apply form',
    tag: 'geo',
    response: geoTreeSchema,
    uses: { table: 'read' },
  },
  listAvatars: {
    method: 'GET',
    path: '/api/misc/avatars',
    handler: 'handlers/misc/list-avatars',
    access: 'public',
    summary: 'Absolute URLs of the avatar images users may choose',
    tag: 'misc',
    response: avatarListSchema,
    uses: {},
  },
  validateTelegram: {
    method: 'POST',
    path: '/api/misc/validate-telegram',
    handler: 'handlers/misc/validate-telegram',
    access: 'public',
    summary: 'Whether a value is a Telegram username or an international phone number',
    tag: 'misc',
    body: validateTelegramBodySchema,
    response: validateTelegramDataSchema,
    uses: {},
  },
  authRegister: {
    method: 'POST',
    path: '/api/auth/register',
    handler: 'handlers/auth/register',
    access: 'public',
    summary: 'Register (no login); mails a verification link',
    tag: 'auth',
    body: registerBodySchema,
    response: registerDataSchema,
    uses: { table: 'readWrite', mail: true },
  },
  authLogin: {
    method: 'POST',
    path: '/api/auth/login',
    handler: 'handlers/auth/login',
    access: 'public',
    summary: 'Log in with email or username; starts a session family',
    tag: 'auth',
    body: loginBodySchema,
    response: sessionDataSchema,
    uses: { table: 'readWrite' },
  },
  authVerifyEmail: {
    method: 'GET',
    path: '/api/auth/verify-email',
    handler: 'handlers/auth/verify-email',
    access: 'public',
    summary: 'Confirm the email with the mailed token; logs the user in',
    tag: 'auth',
    query: verifyEmailQuerySchema,
    response: sessionDataSchema,
    uses: { table: 'readWrite' },
  },
  authResendVerification: {
    method: 'POST',
    path: '/api/auth/resend-verification',
    handler: 'handlers/auth/resend-verification',
    access: 'public',
    summary: 'Mail a new verification link (same answer whether or not the account exists)',
    tag: 'auth',
    body: emailBodySchema,
    uses: { table: 'readWrite', mail: true },
  },
  authRefresh: {
    method: 'POST',
    path: '/api/auth/refresh',
    handler: 'handlers/auth/refresh',
    access: 'public',
    summary: 'Rotate the refresh token; a reused token revokes its session family',
    tag: 'auth',
    body: refreshBodySchema,
    response: refreshDataSchema,
    uses: { table: 'readWrite' },
  },
  authLogout: {
    method: 'POST',
    path: '/api/auth/logout',
    handler: 'handlers/auth/logout',
    access: 'user',
    summary: 'End the current session family',
    tag: 'auth',
    uses: { table: 'readWrite' },
  },
  authMe: {
    method: 'GET',
    path: '/api/auth/me',
    handler: 'handlers/auth/me',
    access: 'user',
    summary: 'The logged-in user',
    tag: 'auth',
    response: meDataSchema,
    uses: { table: 'read' },
  },
  authChangePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    handler: 'handlers/auth/change-password',
    access: 'user',
    summary: 'Change the password; ends the other sessions and mails a notice',
    tag: 'auth',
    body: changePasswordBodySchema,
    uses: { table: 'readWrite', mail: true },
  },
  authForgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    handler: 'handlers/auth/forgot-password',
    access: 'public',
    summary: 'Mail a password reset link (always the same answer)',
    tag: 'auth',
    body: emailBodySchema,
    uses: { table: 'readWrite', mail: true },
  },
  authResetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    handler: 'handlers/auth/reset-password',
    access: 'public',
    summary: 'Set a new password with a mailed reset token; ends every session',
    tag: 'auth',
    body: resetPasswordBodySchema,
    uses: { table: 'readWrite' },
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/users/profile',
    handler: 'handlers/users/update-profile',
    access: 'user',
    summary: 'Edit own username, language and avatar',
    tag: 'users',
    body: updateProfileBodySchema,
    response: publicUserSchema,
    uses: { table: 'readWrite' },
  },
});

export type RouteId = keyof typeof routes;

/** Answers every request no route matches (API Gateway's `$default` route; the local server's fallback). */
export const fallbackRoute = {
  handler: 'handlers/system/not-found',
  uses: {},
} as const;

/** Scheduled functions (EventBridge rules in AWS, timers in the local stack). */
export const jobs: Record<string, JobDefinition> = {};

export const allRoutes: Array<[string, RouteDefinition]> = Object.entries(routes);
