// Routes of one area of the manifest (docs/architecture.md §2): Accounts: registration, verification, sessions and passwords.
import {
  changePasswordBodySchema,
  emailBodySchema,
  loginBodySchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@shared/contract/auth';
import {
  staffInvitationAcceptBodySchema,
  staffInvitationOpenBodySchema,
} from '@shared/contract/staff-invitations';
import type { RouteDefinition } from './definition';

export const authRegister = {
  method: 'POST',
  path: '/api/auth/register',
  handler: 'handlers/auth/register',
  access: 'public',
  throttle: 'auth',
  passwordHashing: true,
  rollout: 'canary',
  summary: 'Register (no login); mails a verification link',
  tag: 'auth',
  body: registerBodySchema,
  successStatus: 201,
  response: 'registerDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const authLogin = {
  method: 'POST',
  path: '/api/auth/login',
  handler: 'handlers/auth/login',
  access: 'public',
  throttle: 'auth',
  passwordHashing: true,
  rollout: 'canary',
  summary: 'Log in with email or username; starts a session family',
  tag: 'auth',
  body: loginBodySchema,
  response: 'loginDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authVerifyEmail = {
  method: 'POST',
  path: '/api/auth/verify-email',
  handler: 'handlers/auth/verify-email',
  access: 'public',
  passwordHashing: true,
  rollout: 'canary',
  summary:
    'Confirm the email with the mailed token and the account password; logs the user in (after the code step with a second factor)',
  tag: 'auth',
  body: verifyEmailBodySchema,
  response: 'loginDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authResendVerification = {
  method: 'POST',
  path: '/api/auth/resend-verification',
  handler: 'handlers/auth/resend-verification',
  access: 'public',
  throttle: 'auth',
  rollout: 'canary',
  summary: 'Mail a new verification link (same answer whether or not the account exists)',
  tag: 'auth',
  body: emailBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const authRefresh = {
  method: 'POST',
  path: '/api/auth/refresh',
  handler: 'handlers/auth/refresh',
  access: 'public',
  rollout: 'canary',
  summary: 'Rotate the refresh token; a reused token revokes its session family',
  tag: 'auth',
  body: refreshBodySchema,
  response: 'refreshDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authLogout = {
  method: 'POST',
  path: '/api/auth/logout',
  handler: 'handlers/auth/logout',
  access: 'user',
  rollout: 'canary',
  summary: 'End the current session family',
  tag: 'auth',
  uses: { table: 'readWrite', live: 'close' },
} as const satisfies RouteDefinition;

export const authMe = {
  method: 'GET',
  path: '/api/auth/me',
  handler: 'handlers/auth/me',
  access: 'user',
  rollout: 'canary',
  summary: 'The logged-in user',
  tag: 'auth',
  response: 'meDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const authChangePassword = {
  method: 'POST',
  path: '/api/auth/change-password',
  handler: 'handlers/auth/change-password',
  access: 'user',
  passwordHashing: true,
  rollout: 'canary',
  summary: 'Change the password; ends the other sessions and mails a notice',
  tag: 'auth',
  body: changePasswordBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const authForgotPassword = {
  method: 'POST',
  path: '/api/auth/forgot-password',
  handler: 'handlers/auth/forgot-password',
  access: 'public',
  throttle: 'auth',
  rollout: 'canary',
  summary: 'Mail a password reset link (always the same answer)',
  tag: 'auth',
  body: emailBodySchema,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const authResetPassword = {
  method: 'POST',
  path: '/api/auth/reset-password',
  handler: 'handlers/auth/reset-password',
  access: 'public',
  passwordHashing: true,
  rollout: 'canary',
  summary: 'Set a new password with a mailed reset token; ends every other session and logs in',
  tag: 'auth',
  body: resetPasswordBodySchema,
  response: 'loginDataSchema',
  uses: { table: 'readWrite', tokens: true },
} as const satisfies RouteDefinition;

export const authOpenStaffInvitation = {
  method: 'POST',
  path: '/api/auth/staff-invitation/open',
  handler: 'handlers/auth/open-staff-invitation',
  access: 'public',
  throttle: 'auth',
  summary:
    "Open a staff invitation's mailed link: the invited address and role, and its TOTP secret with the otpauth:// URL to set up (the same one in every tab; a resend gives a new one)",
  tag: 'auth',
  body: staffInvitationOpenBodySchema,
  response: 'staffInvitationOpenDataSchema',
  uses: { table: 'readWrite', mfaKey: true },
} as const satisfies RouteDefinition;

export const authAcceptStaffInvitation = {
  method: 'POST',
  path: '/api/auth/staff-invitation/accept',
  handler: 'handlers/auth/accept-staff-invitation',
  access: 'public',
  throttle: 'auth',
  passwordHashing: true,
  rollout: 'canary',
  summary:
    'Accept a staff invitation with a new password and a first TOTP code: creates the staff account (second factor on), logs in, answers the recovery codes once',
  tag: 'auth',
  body: staffInvitationAcceptBodySchema,
  response: 'staffInvitationAcceptDataSchema',
  uses: { table: 'readWrite', tokens: true, mfaKey: true },
} as const satisfies RouteDefinition;
