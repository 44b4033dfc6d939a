import { REFERRAL_COOKIE_DAYS } from '../config/entry-values';

/** The referral code from a `?ref=` link, kept for 7 days so the register form can apply it (§4). */
export const REFERRAL_COOKIE = 'referralCode';
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function saveReferralCode(code: string): boolean {
  const trimmed = code.trim();
  if (!REFERRAL_CODE_PATTERN.test(trimmed)) return false;
  const maxAge = REFERRAL_COOKIE_DAYS * 24 * 60 * 60;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(trimmed)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  return true;
}

export function clearReferralCode() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
