import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSecretsExtension } from '../support/secrets-extension';

/**
 * The access-token keys: cached with a time to live, named by `kid`, the previous key accepted
 * after a rotation, and a new key used for signing only once every function has read it.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** A function started now: module instances of its own, so a key cache of its own. */
async function startFunction() {
  vi.resetModules();
  return {
    keys: await import('@functions/commons/jwt-secret'),
    tokens: await import('@functions/domain/accounts/access-token'),
  };
}

const claims = { userId: 'user-1', role: 'USER' as const, sessionId: 'session-1' };
const text = (key: Uint8Array) => new TextDecoder().decode(key);
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('the local signing key (JWT_SECRET)', () => {
  it('is read again once its time to live has passed, so a changed key takes over', async () => {
    const { keys } = await startFunction();
    const start = 1_800_000_000_000;
    vi.stubEnv('JWT_SECRET', 'first-key-of-at-least-thirty-two-characters');
    const first = await keys.signingKey(start);
    vi.stubEnv('JWT_SECRET', 'second-key-of-at-least-thirty-two-characters');

    expect(first.kid).toBe('local');
    expect(text(first.key)).toBe('first-key-of-at-least-thirty-two-characters');
    expect(text((await keys.signingKey(start + SECRET_TTL_MS - 1)).key)).toBe(text(first.key));
    expect(text((await keys.signingKey(start + SECRET_TTL_MS)).key)).toBe(
      'second-key-of-at-least-thirty-two-characters',
    );
  });

  it('is read again at once after a failed read', async () => {
    const { keys } = await startFunction();
    const start = 1_900_000_000_000;
    vi.stubEnv('JWT_SECRET', 'too-short');
    await expect(keys.signingKey(start)).rejects.toThrow('at least 32 characters');
    vi.stubEnv('JWT_SECRET', 'a-valid-key-of-at-least-thirty-two-characters');

    expect(text((await keys.signingKey(start + 1)).key)).toBe(
      'a-valid-key-of-at-least-thirty-two-characters',
    );
  });
});

describe('the signing keys in AWS (AWSCURRENT and AWSPREVIOUS through the extension)', () => {
  const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:JwtSigningKey-abc';
  const keyA = 'key-a-of-at-least-thirty-two-characters-long';
  const keyB = 'key-b-of-at-least-thirty-two-characters-long';
  const keyC = 'key-c-of-at-least-thirty-two-characters-long';
  const T0 = Date.UTC(2030, 0, 1);
  let extension: Awaited<ReturnType<typeof startSecretsExtension>>;

  beforeEach(async () => {
    // The secret was created a day before the test starts and never rotated: no AWSPREVIOUS.
    extension = await startSecretsExtension(arn, keyA, T0 - 86_400_000);
    vi.stubEnv('JWT_SECRET', '');
    vi.stubEnv('JWT_SECRET_ARN', arn);
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
    vi.stubEnv('AWS_SESSION_TOKEN', 'lambda-session-token');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });

  afterEach(() => extension.stop());

  /** A token signed as the API signs them, with any key and header. */
  const forge = (secret: string, kid: string | undefined) =>
    new SignJWT({ role: 'USER', sid: 'session-1', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
      .setSubject('user-1')
      .setIssuer('exchange-api')
      .setAudience('exchange-web')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret));

  it('names the current version in kid, and verifies its tokens while nothing was rotated', async () => {
    const { tokens } = await startFunction();
    const token = await tokens.issueAccessToken(claims);

    expect(kidOf(token)).toBe(extension.firstVersionId);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(await tokens.verifyAccessToken(await forge(keyA, extension.firstVersionId))).toEqual(claims);
  });

  it('accepts a token signed with the previous key after a rotation', async () => {
    const { tokens } = await startFunction();
    const before = await tokens.issueAccessToken(claims);
    extension.put(keyB, Date.now());
    vi.setSystemTime(T0 + SECRET_TTL_MS);

    expect(await tokens.verifyAccessToken(before)).toEqual(claims);
  });

  it('refuses a token naming a key that is neither current nor previous', async () => {
    const { tokens } = await startFunction();
    const oldest = await tokens.issueAccessToken(claims);
    extension.put(keyB, T0);
    extension.put(keyC, T0);
    vi.setSystemTime(T0 + SECRET_TTL_MS);

    expect(await tokens.verifyAccessToken(oldest)).toBeNull();
    expect(await tokens.verifyAccessToken(await forge(keyC, 'not-a-version-id'))).toBeNull();
  });

  it('refuses a token without kid, even one signed with the current key', async () => {
    const { tokens } = await startFunction();

    expect(await tokens.verifyAccessToken(await forge(keyA, undefined))).toBeNull();
  });

  it('signs with a new key only once every function has read it; until then with the previous one', async () => {
    const stale = await startFunction();
    await stale.tokens.issueAccessToken(claims); // read the keys before the rotation
    const versionB = extension.put(keyB, T0 + 60_000);
    vi.setSystemTime(T0 + 60_000);
    const fresh = await startFunction(); // a function started after the rotation

    const duringRollover = await fresh.tokens.issueAccessToken(claims);
    expect(kidOf(duringRollover)).toBe(extension.firstVersionId);
    expect(await stale.tokens.verifyAccessToken(duringRollover)).toEqual(claims);

    vi.setSystemTime(T0 + 60_000 + fresh.keys.KEY_ROLLOVER_MS);
    const afterRollover = await fresh.tokens.issueAccessToken(claims);
    expect(kidOf(afterRollover)).toBe(versionB);
    // By now the stale function has read the keys again (its cache lives SECRET_TTL_MS).
    expect(await stale.tokens.verifyAccessToken(afterRollover)).toEqual(claims);
    expect(await stale.tokens.verifyAccessToken(duringRollover)).toEqual(claims);
  });
});
