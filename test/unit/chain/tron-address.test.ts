import { tronAddressSchema } from '@shared/contract/deal';
import { isTronAddress, tronAddressProblem } from '@shared/tron-address';
import { describe, expect, it } from 'vitest';

/** The one TRON address validator (shared/payout-details.ts), used by the web form and the server. */
describe('isTronAddress', () => {
  it.each([
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT's contract
    'TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g',
    'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
  ])('accepts %s', (address) => {
    expect(isTronAddress(address)).toBe(true);
  });

  it.each([
    ['a typo (checksum fails)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['one character short', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['a Bitcoin address (another version byte)', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['an Ethereum address', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
    ['characters outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0O'],
    ['nothing', ''],
  ])('refuses %s', (_case, text) => {
    expect(isTronAddress(text)).toBe(false);
  });
});

describe('tronAddressProblem', () => {
  it.each([
    ['a typo (a character changed)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'tronAddressChecksum'],
    ['two characters swapped', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjt6', 'tronAddressChecksum'],
    ['one character short', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'tronAddress'],
    ['a Bitcoin address', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'tronAddress'],
    ['characters outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0O', 'tronAddress'],
    ['an address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null],
  ])('tells %s', (_case, text, problem) => {
    expect(tronAddressProblem(text)).toBe(problem);
  });

  it("is the schema's one refusal: a typo is not told as the wrong form", () => {
    const codes = (text: string) =>
      tronAddressSchema.safeParse(text).error?.issues.map((issue) => issue.message);
    expect(codes('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual(['tronAddressChecksum']);
    expect(codes('T123')).toEqual(['tronAddress']);
    expect(codes(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBeUndefined();
  });
});
