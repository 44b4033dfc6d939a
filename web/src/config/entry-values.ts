import type { Language, Role } from '@shared/enums';

/**
 * Copies of the few shared values the landing page's first JavaScript needs. shared/enums.ts also
 * builds zod schemas that lazy screens keep alive, and shared/constants.ts grows with every area's
 * limits; importing either from the entry would put that code into the landing page's budget.
 * `entry-values.test.ts` keeps every copy equal to its original.
 */
export const LANGUAGES: readonly Language[] = ['ru', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const STAFF_ROLES: readonly Role[] = ['MANAGER', 'ADMIN', 'SUPER_ADMIN'];

export function isStaffRole(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE = 'language';
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
export const REFERRAL_COOKIE_DAYS = 7;
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = {
  error: 4000,
  blank: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TICKER_REFRESH_MS = 60_000;
export const CAROUSEL_BREAKPOINTS_PX = { two: 768, three: 1024 } as const;

/**
 * The paths of the two API reads the landing page makes itself, copied like the values above: a
 * route object would bring its area module (schemas included) into the entry. entry-values.test.ts
 * keeps each equal to its route's path.
 */
/** `getMarketTicker`: the price ticker. */
export const TICKER_API_PATH = '/api/market/ticker';
/** `siteContent`: the blocks of the pages staff wrote, in one language. */
export const SITE_CONTENT_API_PATH = '/api/site-content';
