import type { EmailBody } from '@shared/contract/auth';
import { api } from '@web/lib/api-client';

/** The auth calls not held by the auth store (docs/product.md §7). Each resolves to the server's message. */
export async function resendVerification(body: EmailBody): Promise<string> {
  return (await api.post('/auth/resend-verification', body)).message;
}

export async function requestPasswordReset(body: EmailBody): Promise<string> {
  return (await api.post('/auth/forgot-password', body)).message;
}
