import { randomUUID } from 'node:crypto';
import { KEY_ROLLOVER_MS } from '@functions/commons/jwt-secret';
import { SECRET_TTL_MS } from '@functions/commons/secret-store';
import { createUser } from '@functions/data/users';
import { authenticatePrincipal } from '@functions/domain/accounts/authentication';
import { newReferralCode } from '@functions/domain/accounts/secrets';
import { refreshSession, startSession } from '@functions/domain/accounts/sessions';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecretsExtension } from '../../support/secrets-extension';
import { uniqueIdentity } from '../../support/users';

/**
 * A signing-key rotation as in AWS (the secret read through the Parameters and Secrets extension,
 * here a stand-in of it; the sessions in DynamoDB Local), run through the domain functions the
 * handlers call, in this process: a signed-in user goes on authenticating and refreshing across
 * `aws secretsmanager put-secret-value` with no request refused and no new login.
 */
const MINUTE = 60_000;
const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:JwtSigningKey-rotation';
let extension: Awaited<ReturnType<typeof startSecretsExtension>>;

beforeAll(async () => {
  extension = await startSecretsExtension(arn, `${randomUUID()}-first-key`, Date.now() - 86_400_000);
  vi.stubEnv('JWT_SECRET', '');
  vi.stubEnv('JWT_SECRET_ARN', arn);
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
  vi.stubEnv('AWS_SESSION_TOKEN', 'lambda-session-token');
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await extension.stop();
});

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const authenticates = async (token: string) => (await authenticatePrincipal(token, 'user')).userId;

describe('rotating the signing key', () => {
  it('keeps a signed-in user signed in: every token keeps working and refreshes go on', async () => {
    const { email, username } = uniqueIdentity('rot');
    const user = await createUser({
      id: randomUUID(),
      email,
      username,
      passwordHash: 'not-a-hash',
      timeZone: 'Europe/Moscow',
      referralCode: newReferralCode(),
      role: 'USER',
      emailVerified: true,
    });
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const signedIn = await startSession(user);
    expect(kidOf(signedIn.token)).toBe(extension.firstVersionId);

    const newVersion = extension.put(`${randomUUID()}-second-key`, t0 + MINUTE);
    // Every function has read the keys again: the new one is current, the old one previous.
    vi.setSystemTime(t0 + MINUTE + SECRET_TTL_MS);
    expect(await authenticates(signedIn.token)).toBe(user.id);
    const duringRollover = await refreshSession(signedIn.refreshToken);
    expect(kidOf(duringRollover.token)).toBe(extension.firstVersionId);
    expect(await authenticates(duringRollover.token)).toBe(user.id);

    vi.setSystemTime(t0 + MINUTE + KEY_ROLLOVER_MS);
    const afterRollover = await refreshSession(duringRollover.refreshToken);
    expect(kidOf(afterRollover.token)).toBe(newVersion);
    expect(await authenticates(afterRollover.token)).toBe(user.id);
    expect(await authenticates(duringRollover.token)).toBe(user.id);
    expect(await authenticates(signedIn.token)).toBe(user.id);

    // Expiry still applies to a token of the previous key: 15 minutes after it was issued.
    vi.setSystemTime(t0 + 16 * MINUTE);
    await expect(authenticatePrincipal(signedIn.token, 'user')).rejects.toThrow();
    expect(await authenticates(afterRollover.token)).toBe(user.id);
  });
});
