import type { MfaSetupData } from '@shared/contract/mfa';
import { mfaDisable, mfaEnable, mfaSetup } from '@shared/routes/mfa';
import { call } from '@web/lib/api-client';

/**
 * The second-factor calls of a logged-in user (shared/contract/mfa.ts). Each takes the account's
 * password: a stolen access token alone must not enrol another authenticator or remove the owner's.
 */
export async function setupMfa(currentPassword: string): Promise<MfaSetupData> {
  return (await call(mfaSetup, { body: { currentPassword } })).data;
}

/**
 * Turns the second factor on with a first code; answers the recovery codes, shown this once. The
 * account's other sessions end; this one stays.
 */
export async function enableMfa(code: string, currentPassword: string): Promise<string[]> {
  return (await call(mfaEnable, { body: { code, currentPassword } })).data.recoveryCodes;
}

/** Turns it off with a code from the app or a recovery code. */
export async function disableMfa(code: string, currentPassword: string): Promise<void> {
  await call(mfaDisable, { body: { code, currentPassword } });
}
