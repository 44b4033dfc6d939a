import { isTronAddress } from '@shared/tron-address';
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
