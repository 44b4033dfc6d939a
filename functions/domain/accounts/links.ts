import { requireEnv } from '@functions/commons/config';

const siteUrl = requireEnv('SITE_URL').replace(/\/+$/, '');

/** The web app's pages that mailed links open (spec route table). */
export function verifyEmailLink(token: string): string {
  return `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(token: string): string {
  return `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function siteOrigin(): string {
  return siteUrl;
}
