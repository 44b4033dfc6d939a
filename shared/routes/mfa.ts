// Routes of one area of the manifest (docs/architecture.md §2): the second factor (TOTP) of an account.
import { mfaCodeBodySchema, mfaSetupBodySchema, mfaVerifyBodySchema } from '@shared/contract/mfa';
import type { RouteDefinition } from './definition';

export const mfaSetup = {
  method: 'POST',
  path: '/api/auth/mfa/setup',
  handler: 'handlers/auth/mfa/setup',
  access: 'user',
  passwordHashing: true,
  rollout: 'canary',
  summary:
    'Start setting up TOTP with the account password: a new secret and its otpauth:// URL (not active until enabled)',
  tag: 'auth',
  body: mfaSetupBodySchema,
  response: 'mfaSetupDataSchema',
  uses: { table: 'readWrite', mfaKey: true },
} as const satisfies RouteDefinition;

export const mfaEnable = {
  method: 'POST',
  path: '/api/auth/mfa/enable',
  handler: 'handlers/auth/mfa/enable',
  access: 'user',
  passwordHashing: true,
  rollout: 'canary',
  summary:
    "Turn TOTP on with the password and a first code; ends the account's other sessions; answers 10 single-use recovery codes, shown once",
  tag: 'auth',
  body: mfaCodeBodySchema,
  response: 'mfaEnableDataSchema',
  uses: { table: 'readWrite', mfaKey: true },
} as const satisfies RouteDefinition;

export const mfaDisable = {
  method: 'POST',
  path: '/api/auth/mfa/disable',
  handler: 'handlers/auth/mfa/disable',
  access: 'user',
  passwordHashing: true,
  rollout: 'canary',
  summary: 'Turn TOTP off with the password and a code or a recovery code',
  tag: 'auth',
  body: mfaCodeBodySchema,
  uses: { table: 'readWrite', mfaKey: true },
} as const satisfies RouteDefinition;

export const mfaVerify = {
  method: 'POST',
  path: '/api/auth/mfa/verify',
  handler: 'handlers/auth/mfa/verify',
  access: 'public',
  rollout: 'canary',
  summary: "Complete a login with the second factor: the login's mfaToken and a code or recovery code",
  tag: 'auth',
  body: mfaVerifyBodySchema,
  response: 'sessionDataSchema',
  uses: { table: 'readWrite', tokens: true, mfaKey: true },
} as const satisfies RouteDefinition;
