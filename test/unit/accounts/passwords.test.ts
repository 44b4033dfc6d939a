import { DUMMY_HASH } from '@functions/domain/accounts/dummy-hash';
import {
  BCRYPT_COST,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '@functions/domain/accounts/passwords';
import { afterEach, describe, expect, it } from 'vitest';

describe('password hashing', () => {
  it('hashes with bcrypt at cost 10 or more', async () => {
    const hash = await hashPassword('Correct-horse-9');
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10);
    expect(hash).toMatch(new RegExp(`^\\$2b\\$${BCRYPT_COST}\\$`));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct-horse-9');
    expect(await verifyPassword('Correct-horse-9', hash)).toBe(true);
    expect(await verifyPassword('Correct-horse-8', hash)).toBe(false);
  });

  it('counts every character beyond bcrypt’s 72 bytes', async () => {
    const prefix = 'p'.repeat(100);
    const hash = await hashPassword(`${prefix}A`);
    expect(await verifyPassword(`${prefix}B`, hash)).toBe(false);
  });

  it('counts every character of multi-byte passwords beyond 72 bytes', async () => {
    const prefix = 'ё'.repeat(40);
    const hash = await hashPassword(`${prefix}1`);
    expect(await verifyPassword(`${prefix}2`, hash)).toBe(false);
    expect(await verifyPassword(`${prefix}1`, hash)).toBe(true);
  });

  it('keeps the dummy hash at the same cost as real hashes, so both comparisons take as long', () => {
    expect(DUMMY_HASH.startsWith(`$2b$${BCRYPT_COST}$`)).toBe(true);
  });

  it('always refuses against the dummy hash', async () => {
    expect(await verifyAgainstDummy('anything at all')).toBe(false);
  });
});

describe('the test stacks’ work factor (PASSWORD_HASH_COST)', () => {
  afterEach(() => {
    delete process.env.PASSWORD_HASH_COST;
  });

  it('hashes at the asked cost and keeps the dummy comparison at that cost', async () => {
    process.env.PASSWORD_HASH_COST = '4';
    const hash = await hashPassword('Correct-horse-9');
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(await verifyPassword('Correct-horse-9', hash)).toBe(true);
    expect(await verifyAgainstDummy('Correct-horse-9')).toBe(false);
  });

  it('refuses a cost bcrypt does not have', async () => {
    process.env.PASSWORD_HASH_COST = '3';
    await expect(hashPassword('Correct-horse-9')).rejects.toThrow(/PASSWORD_HASH_COST/);
  });
});
