import { requireEnv } from '@functions/commons/config';

const siteUrl = requireEnv('SITE_URL').replace(/\/+$/, '');

/**
 * The web app's pages that mailed links open (docs/product.md §2). The token rides in the
 * fragment, which browsers never send, so it lands in no access log; the page POSTs it.
 */
export function verifyEmailLink(token: string): string {
  return `${siteUrl}/verify-email#token=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(token: string): string {
  return `${siteUrl}/reset-password#token=${encodeURIComponent(token)}`;
}

/** A guest's order, opened without a password (functions/domain/applications/guest.ts). */
export function guestOrderLink(token: string): string {
  return `${siteUrl}/guest/order#token=${encodeURIComponent(token)}`;
}

/** The owner's confirmation that adds a guest's application to their account. */
export function guestJoinLink(token: string): string {
  return `${siteUrl}/guest/join#token=${encodeURIComponent(token)}`;
}

/** A staff invitation: the token is the invitation's id and its secret. */
export function staffInvitationLink(token: string): string {
  return `${siteUrl}/admin/invitation#token=${encodeURIComponent(token)}`;
}

export function siteOrigin(): string {
  return siteUrl;
}
