import type { EmailBody } from '@shared/contract/auth';
import { authForgotPassword, authResendVerification } from '@shared/routes/auth';
import { call } from '@web/lib/api-client';

/** The auth calls not held by the auth store (docs/product.md §7); the screens word their success. */
export async function resendVerification(body: EmailBody): Promise<void> {
  await call(authResendVerification, { body });
}

export async function requestPasswordReset(body: EmailBody): Promise<void> {
  await call(authForgotPassword, { body });
}
