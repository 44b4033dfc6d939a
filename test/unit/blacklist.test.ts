import { blacklistValueProblem, contactCandidate, normalizeBlacklistValue } from '@shared/blacklist';
import { blacklistEntryBodySchema } from '@shared/contract/blacklist';
import { describe, expect, it } from 'vitest';

describe('a blacklisted value written the one way', () => {
  it('lower-cases and trims an email', () => {
    expect(normalizeBlacklistValue('email', '  Ivan@Mail.RU ')).toBe('ivan@mail.ru');
  });

  it('keeps only the digits of a phone, after a plus', () => {
    expect(normalizeBlacklistValue('phone', '+7 (912) 345-67-89')).toBe('+79123456789');
    expect(normalizeBlacklistValue('phone', '8 912 345 67 89')).toBe('+89123456789');
  });

  it('drops the @ of a Telegram username and lower-cases it', () => {
    expect(normalizeBlacklistValue('telegram', '@Ivan_Petrov')).toBe('ivan_petrov');
  });

  it('keeps a TRON address as written, base58 being case-sensitive', () => {
    expect(normalizeBlacklistValue('tronAddress', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });

  it('writes a card as its last four digits and the holder in capitals, from either form', () => {
    expect(normalizeBlacklistValue('card', '4242', '  ivan   petrov ')).toBe('4242|IVAN PETROV');
    expect(normalizeBlacklistValue('card', '4242|ivan  petrov')).toBe('4242|IVAN PETROV');
  });
});

describe('the rule a blacklisted value breaks', () => {
  it.each([
    ['card', '424', 'Ivan', { field: 'value', code: 'blacklistLast4' }],
    ['card', '4242', ' ', { field: 'holder', code: 'required' }],
    [
      'tronAddress',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
      undefined,
      { field: 'value', code: 'tronAddressChecksum' },
    ],
    ['tronAddress', 'TR7NHqjeKQxGTCi8q8ZY4pL8', undefined, { field: 'value', code: 'tronAddress' }],
    ['email', 'not-an-email', undefined, { field: 'value', code: 'invalidEmail' }],
    ['phone', '+7 12', undefined, { field: 'value', code: 'blacklistPhone' }],
    ['telegram', '@abc', undefined, { field: 'value', code: 'blacklistTelegram' }],
    ['ip', '300.1.1.1', undefined, { field: 'value', code: 'blacklistIp' }],
  ] as const)('refuses a %s of %j', (kind, value, holder, problem) => {
    expect(blacklistValueProblem(kind, value, holder)).toEqual(problem);
  });

  it.each([
    ['card', '4242', 'Ivan Petrov'],
    ['tronAddress', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', undefined],
    ['email', 'ivan@mail.ru', undefined],
    ['phone', '+7 912 345-67-89', undefined],
    ['telegram', 'ivan_petrov', undefined],
    ['ip', '203.0.113.7', undefined],
    ['ip', '2001:db8::1', undefined],
  ] as const)('accepts a %s of %j', (kind, value, holder) => {
    expect(blacklistValueProblem(kind, value, holder)).toBeNull();
  });

  it('is the add body’s rule, reported on its field', () => {
    const parsed = blacklistEntryBodySchema.safeParse({ kind: 'card', value: '4242', reason: 'Fraud' });

    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['holder', 'required'],
    ]);
  });
});

describe("an application's contact as a blacklist candidate", () => {
  it('is a Telegram username, or a phone when it starts with a plus', () => {
    expect(contactCandidate('@ivan_petrov')).toEqual({ kind: 'telegram', value: '@ivan_petrov' });
    expect(contactCandidate(' +351 912 345 678')).toEqual({ kind: 'phone', value: '+351 912 345 678' });
  });
});
