import { describe, expect, it } from 'vitest';
import * as constants from '../../../shared/constants';
import * as enums from '../../../shared/enums';
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
    const names = [
      'LANGUAGE_STORAGE_KEY',
      'AUTH_TOKEN_STORAGE_KEY',
      'REFRESH_TOKEN_STORAGE_KEY',
      'REFERRAL_COOKIE_DAYS',
      'TOAST_LIMIT',
      'TOAST_DURATION_MS',
      'TICKER_REFRESH_MS',
      'TICKER_COINS',
      'CAROUSEL_BREAKPOINTS_PX',
    ] as const;
    for (const name of names) expect(entry[name], name).toEqual(constants[name]);
  });
});
