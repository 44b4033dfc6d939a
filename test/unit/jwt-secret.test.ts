import { jwtSecretKey } from '@functions/commons/jwt-secret';
import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllEnvs());

const text = async (key: Promise<Uint8Array>) => new TextDecoder().decode(await key);

describe('the JWT signing key', () => {
  it('is read again once its time to live has passed, so a rotated key takes over', async () => {
    const start = 1_800_000_000_000;
    vi.stubEnv('JWT_SECRET', 'first-key-of-at-least-thirty-two-characters');
    const first = await text(jwtSecretKey(start));
    vi.stubEnv('JWT_SECRET', 'second-key-of-at-least-thirty-two-characters');

    expect(first).toBe('first-key-of-at-least-thirty-two-characters');
    expect(await text(jwtSecretKey(start + SECRET_TTL_MS - 1))).toBe(first);
    expect(await text(jwtSecretKey(start + SECRET_TTL_MS))).toBe(
      'second-key-of-at-least-thirty-two-characters',
    );
  });

  it('is read again at once after a failed read', async () => {
    const start = 1_900_000_000_000;
    vi.stubEnv('JWT_SECRET', 'too-short');
    await expect(jwtSecretKey(start)).rejects.toThrow('at least 32 characters');
    vi.stubEnv('JWT_SECRET', 'a-valid-key-of-at-least-thirty-two-characters');

    expect(await text(jwtSecretKey(start + 1))).toBe('a-valid-key-of-at-least-thirty-two-characters');
  });
});
