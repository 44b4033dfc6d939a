import { describe, expect, it } from 'vitest';
import { settingValueError } from './settings-page';

const messages = { positive: 'positive', min: 'min' };

describe('settingValueError', () => {
  it('refuses a value below zero with the positive-number message', () => {
    expect(settingValueError('-1', 0, messages)).toBe('positive');
  });

  it('accepts zero for a setting whose minimum is zero', () => {
    expect(settingValueError('0', 0, messages)).toBeNull();
  });

  it('refuses a value below the setting minimum', () => {
    expect(settingValueError('0', 1, messages)).toBe('min');
  });

  it('says nothing about an empty field (saving is disabled instead)', () => {
    expect(settingValueError('', 0, messages)).toBeNull();
  });
});
