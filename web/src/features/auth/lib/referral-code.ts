import { REFERRAL_CODE_PATTERN, REFERRAL_COOKIE } from '@web/lib/referral-cookie';

/** The referral code a `?ref=` link stored (lib/referral-cookie), if it is still there. */
export function readReferralCode(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFERRAL_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return REFERRAL_CODE_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}
