import * as constants from '@shared/constants';
import * as enums from '@shared/enums';
import { getMarketTicker } from '@shared/routes/market';
import { siteContent } from '@shared/routes/site-content';
import { LANGUAGE_COOKIE } from '@shared/site-pages';
import { describe, expect, it } from 'vitest';
import * as entry from './entry-values';

describe('values copied for the entry chunk', () => {
  it('equal the shared enums', () => {
    expect(entry.LANGUAGES).toEqual(enums.LANGUAGES);
    expect(entry.DEFAULT_LANGUAGE).toBe(enums.DEFAULT_LANGUAGE);
    expect(entry.STAFF_ROLES).toEqual(enums.STAFF_ROLES);
  });

  it('treat the same roles as staff as the shared contract', () => {
    for (const role of enums.ROLES) expect(entry.isStaffRole(role)).toBe(enums.isStaffRole(role));
  });

  it('equal the shared constants', () => {
    expect(entry.LANGUAGE_STORAGE_KEY).toBe(constants.LANGUAGE_STORAGE_KEY);
    expect(entry.LANGUAGE_COOKIE).toBe(LANGUAGE_COOKIE);
    expect(entry.AUTH_TOKEN_STORAGE_KEY).toBe(constants.AUTH_TOKEN_STORAGE_KEY);
    expect(entry.REFRESH_TOKEN_STORAGE_KEY).toBe(constants.REFRESH_TOKEN_STORAGE_KEY);
    expect(entry.REFERRAL_COOKIE_DAYS).toBe(constants.REFERRAL_COOKIE_DAYS);
    expect(entry.TOAST_LIMIT).toBe(constants.TOAST_LIMIT);
    expect(entry.TOAST_DURATION_MS).toEqual(constants.TOAST_DURATION_MS);
    expect(entry.TICKER_REFRESH_MS).toBe(constants.TICKER_REFRESH_MS);
    expect(entry.CAROUSEL_BREAKPOINTS_PX).toEqual(constants.CAROUSEL_BREAKPOINTS_PX);
  });

  it('equal the paths of the routes the landing page calls itself', () => {
    expect(entry.TICKER_API_PATH).toBe(getMarketTicker.path);
    expect(entry.SITE_CONTENT_API_PATH).toBe(siteContent.path);
  });
});
