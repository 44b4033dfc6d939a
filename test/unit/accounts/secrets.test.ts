import {
  hashToken,
  newOpaqueToken,
  newRecoveryCode,
  newReferralCode,
  RECOVERY_CODE_ALPHABET,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
} from '@functions/domain/accounts/secrets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url (43 characters) and never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newOpaqueToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as a hash that differs from the token and is stable', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        expect(hashToken(token)).toBe(hashToken(token));
        expect(hashToken(token)).not.toBe(token);
      }),
    );
  });
});

describe('referral codes', () => {
  it('are 8 characters from an alphabet without 0, O, 1, I or L', () => {
    for (let index = 0; index < 500; index += 1) {
      const code = newReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect([...code].every((char) => REFERRAL_CODE_ALPHABET.includes(char))).toBe(true);
    }
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
  });
});

describe('recovery codes', () => {
  it('are XXXXX-XXXXX of 0-9A-Z', () => {
    for (let index = 0; index < 200; index += 1)
      expect(newRecoveryCode()).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  });

  it('draw every character equally often (no modulo bias toward 0-3)', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 30_000; index += 1)
      for (const char of newRecoveryCode().replace('-', '')) counts.set(char, (counts.get(char) ?? 0) + 1);
    const expected = (30_000 * 10) / RECOVERY_CODE_ALPHABET.length;
    // byte % 36 would give 0-3 about 8/7 of the others' share (+14 %); chance varies by about 1 %.
    const low = ['0', '1', '2', '3'].map((char) => counts.get(char)! / expected);
    const rest = [...RECOVERY_CODE_ALPHABET.slice(4)].map((char) => counts.get(char)! / expected);
    for (const ratio of [...low, ...rest]) expect(Math.abs(ratio - 1)).toBeLessThan(0.05);
  });
});
