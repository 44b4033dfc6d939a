import type { EmailBody } from '@shared/contract/auth';
import { authForgotPassword, authResendVerification } from '@shared/routes/auth';
import { call } from '@web/lib/api-client';

/** The auth calls not held by the auth store (docs/product.md §7). Each resolves to the server's message. */
export async function resendVerification(body: EmailBody): Promise<string> {
  return (await call(authResendVerification, { body })).message;
}

export async function requestPasswordReset(body: EmailBody): Promise<string> {
  return (await call(authForgotPassword, { body })).message;
}
