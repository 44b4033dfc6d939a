import type { MfaEnableData, MfaSetupData } from '@shared/contract/mfa';
import { api } from '@web/lib/api-client';
import { invalidAnswer } from '@web/stores/auth-store';

/** The second-factor calls of a logged-in user (shared/contract/mfa.ts). */
export async function setupMfa(): Promise<MfaSetupData> {
  const data = (await api.post<MfaSetupData>('/auth/mfa/setup')).data;
  if (!data?.secret || !data.otpauthUrl) throw invalidAnswer();
  return data;
}

/** Turns the second factor on with a first code; answers the recovery codes, shown this once. */
export async function enableMfa(code: string): Promise<string[]> {
  const codes = (await api.post<MfaEnableData>('/auth/mfa/enable', { code })).data?.recoveryCodes;
  if (!codes?.length) throw invalidAnswer();
  return codes;
}

/** Turns it off with a code from the app or a recovery code; answers the server's message. */
export async function disableMfa(code: string): Promise<string> {
  return (await api.post('/auth/mfa/disable', { code })).message;
}
