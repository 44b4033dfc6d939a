import type { LoginData, RegisterBody, ResetPasswordBody } from '@shared/contract/auth';
import type { OwnUser } from '@shared/contract/users';
import { joinGuestApplication, openGuestOrder } from '@shared/routes/applications';
import { authLogin, authRegister, authResetPassword, authVerifyEmail } from '@shared/routes/auth';
import { mfaVerify } from '@shared/routes/mfa';
import { ApiError, call } from '@web/lib/api-client';
import { type SessionData, useAuthStore, type VerificationRefusal } from '@web/stores/auth-store';

/**
 * The auth transitions of docs/product.md §4 that start on the auth screens. Each writes the auth store.
 */

/** Where a login or a password reset leads: a session, or the second-factor step with its token. */
export type SignInStep = { session: SessionData } | { mfaToken: string };

/** The refusal an API error carries (code, params, text), or null for any other failure. */
function refusalOf(error: unknown): VerificationRefusal | null {
  if (!(error instanceof ApiError) || !error.message) return null;
  const { code, params } = error;
  return { ...(code ? { code } : {}), ...(params ? { params } : {}), message: error.message };
}

/** Reads a login-shaped answer (shared/contract/auth.ts `loginDataSchema`): a session or the code step. */
function signInStep(data: LoginData): SignInStep {
  if ('mfaRequired' in data) return { mfaToken: data.mfaToken };
  return { session: { user: data.user, token: data.token, refreshToken: data.refreshToken } };
}

/**
 * Login: a session is stored at once (both tokens, authenticated); an account with a second factor
 * answers the code step instead. A failure clears the auth data and rethrows.
 */
export async function login(loginIdentifier: string, password: string): Promise<SignInStep> {
  try {
    const step = signInStep((await call(authLogin, { body: { loginIdentifier, password } })).data);
    if ('session' in step) useAuthStore.getState().startSession(step.session);
    return step;
  } catch (error) {
    useAuthStore.getState().clearAuth();
    throw error;
  }
}

/** The code step: the login's mfaToken with a code from the app or a recovery code; starts the session. */
export async function verifyMfa(mfaToken: string, code: string): Promise<OwnUser> {
  const session = (await call(mfaVerify, { body: { mfaToken, code } })).data;
  useAuthStore.getState().startSession(session);
  return session.user;
}

/**
 * A password reset answers like a login (the way in a lockout cannot block, docs/decisions.md). The
 * session is not started here: the reset screen shows its message first and starts it on leaving.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<SignInStep> {
  return signInStep((await call(authResetPassword, { body })).data);
}

/** Register (no login): answers whether the verification mail went out (the screen words either case). */
export async function register(body: RegisterBody): Promise<{ verificationEmailSent: boolean }> {
  const data = (await call(authRegister, { body })).data;
  return { verificationEmailSent: data.verificationEmailSent };
}

/**
 * Email verification with the account's password (docs/decisions.md): loading, then success (the
 * user is logged in) or error; after an error the screen lets the user try again. An account with
 * a second factor answers the code step instead (back to idle): the screen shows it, and
 * `verificationCodeDone` marks the success once the code started the session.
 */
export async function verifyEmail(token: string, password: string): Promise<{ mfaToken: string } | null> {
  useAuthStore.setState({ verificationStatus: 'loading', verificationError: null });
  try {
    const answer = await call(authVerifyEmail, { body: { token, password } });
    const step = signInStep(answer.data);
    if (!('session' in step)) {
      useAuthStore.setState({ verificationStatus: 'idle' });
      return step;
    }
    useAuthStore.getState().startSession(step.session);
    useAuthStore.setState({ verificationStatus: 'success' });
  } catch (error) {
    useAuthStore.setState({ verificationStatus: 'error', verificationError: refusalOf(error) });
  }
  return null;
}

/** The code step after a verification: the address is verified and the session started. */
export function verificationCodeDone(): void {
  useAuthStore.setState({ verificationStatus: 'success' });
}

/**
 * A guest's order link (docs/product.md §5 "Guest exchange"): the session it opens is stored, and
 * the order's id answered for the page to go to.
 */
export async function openGuestOrderLink(token: string): Promise<string> {
  const { applicationId, session } = (await call(openGuestOrder, { body: { token } })).data;
  useAuthStore.getState().startSession(session);
  return applicationId;
}

/** The owner's confirmation that adds a guest's application to their account: its id. */
export async function joinGuestApplicationLink(token: string): Promise<string> {
  return (await call(joinGuestApplication, { body: { token } })).data.applicationId;
}
