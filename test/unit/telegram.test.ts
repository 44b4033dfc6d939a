import { isTelegramContact, withAtSign } from '@shared/telegram';
import { describe, expect, it } from 'vitest';

describe('isTelegramContact', () => {
  it('accepts usernames of 5 to 32 letters, digits or underscores, with or without @', () => {
    expect(isTelegramContact('@abcde')).toBe(true);
    expect(isTelegramContact('a'.repeat(32))).toBe(true);
    expect(isTelegramContact('  @user_name  ')).toBe(true);
  });

  it('refuses usernames that are too short, too long or have other characters', () => {
    expect(isTelegramContact('@abcd')).toBe(false);
    expect(isTelegramContact('a'.repeat(33))).toBe(false);
    expect(isTelegramContact('user.name')).toBe(false);
    expect(isTelegramContact('@@abcde')).toBe(false);
  });

  it('accepts international phone numbers and refuses local or malformed ones', () => {
    expect(isTelegramContact('+7 999 123-45-67')).toBe(true);
    expect(isTelegramContact('+1 (212) 555-0100')).toBe(true);
    expect(isTelegramContact('+0123456789')).toBe(false);
    expect(isTelegramContact('+123')).toBe(false);
    expect(isTelegramContact('+1234567890123456')).toBe(false);
  });

  it('refuses phone numbers that are not shaped like E.164', () => {
    expect(isTelegramContact('+1 ((((((((((((((((((((( 234567')).toBe(false);
    expect(isTelegramContact('+1 (212)) 555-0100')).toBe(false);
    expect(isTelegramContact('+7 999  123-45-67')).toBe(false);
    expect(isTelegramContact('+7 999 123--45-67')).toBe(false);
    expect(isTelegramContact('+7-')).toBe(false);
    expect(isTelegramContact('+79991234567')).toBe(true);
    expect(isTelegramContact('+44 20 7946 0958')).toBe(true);
    expect(isTelegramContact('+1(212)555-0100')).toBe(true);
  });

  it('judges a long hostile value quickly', () => {
    const started = performance.now();
    expect(isTelegramContact(`+1${' 1'.repeat(5000)}x`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('withAtSign', () => {
  it('adds a leading @ to a bare username only', () => {
    expect(withAtSign('durov')).toBe('@durov');
    expect(withAtSign('@durov')).toBe('@durov');
    expect(withAtSign('+79991234567')).toBe('+79991234567');
  });
});
