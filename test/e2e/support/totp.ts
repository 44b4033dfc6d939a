import { mfaEnable, mfaSetup } from '@shared/routes/mfa';
import { Secret, TOTP } from 'otpauth';
import { call } from '../../support/api';
import type { Session } from './admin-session';

/** The authenticator app of a test: RFC 6238 codes (30 s, 6 digits, SHA-1) from a set-up's secret. */
export function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return {
    now: () => totp.generate(),
    /** The next window's code: the server accepts one step of drift, and a code only once. */
    next: () => totp.generate({ timestamp: Date.now() + 30_000 }),
  };
}

/** Turns two-step verification on for the session's account through the API; answers its recovery codes. */
export async function enableMfa(session: Session): Promise<string[]> {
  const setup = await call(mfaSetup, {
    token: session.token,
    body: { currentPassword: session.password },
  });
  if (setup.status !== 200) throw new Error(`MFA set-up failed: ${setup.status}`);
  const enabled = await call(mfaEnable, {
    token: session.token,
    body: { code: authenticator(setup.body.data!.secret).now(), currentPassword: session.password },
  });
  if (enabled.status !== 200) throw new Error(`MFA enable failed: ${enabled.status}`);
  return enabled.body.data!.recoveryCodes;
}
