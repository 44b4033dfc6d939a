import { describe, expect, it } from 'vitest';
import * as shared from '../../../shared/enums';
import { DEFAULT_LANGUAGE, isStaffRole, LANGUAGES, STAFF_ROLES } from './enum-values';

describe('enum values of the entry chunk', () => {
  it('equal the shared contract', () => {
    expect(LANGUAGES).toEqual(shared.LANGUAGES);
    expect(DEFAULT_LANGUAGE).toBe(shared.DEFAULT_LANGUAGE);
    expect(STAFF_ROLES).toEqual(shared.STAFF_ROLES);
  });

  it('treat the same roles as staff as the shared contract', () => {
    for (const role of shared.ROLES) expect(isStaffRole(role)).toBe(shared.isStaffRole(role));
  });
});
