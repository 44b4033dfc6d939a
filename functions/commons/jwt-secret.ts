import { cachedSecret, readSecretVersion, SECRET_TTL_MS, type SecretVersion } from './secret-store';

/** A signing key and the id access tokens carry in their `kid` header to name it. */
export interface SigningKey {
  readonly kid: string;
  readonly key: Uint8Array;
  /** When the key became the secret's value (epoch ms); undefined when unknown. */
  readonly createdAt: number | undefined;
}

interface Keyring {
  current: SigningKey;
  /** The key before the last rotation, still accepted (AWS only). */
  previous: SigningKey | undefined;
}

/** The kid of the one local key (`JWT_SECRET`, `.local/jwt-secret`). */
const LOCAL_KID = 'local';

/**
 * How long after a rotation new tokens are still signed with the previous key: the extension and
 * this module each keep a read key for SECRET_TTL_MS, so by then every function has read the new
 * key and accepts it (docs/operations.md "Rotating the signing key").
 */
export const KEY_ROLLOVER_MS = 2 * SECRET_TTL_MS;

function signingKeyOf(secret: string, kid: string, createdAt: number | undefined): SigningKey {
  if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  return { kid, key: new TextEncoder().encode(secret), createdAt };
}

const fromVersion = (version: SecretVersion) =>
  signingKeyOf(version.value, version.versionId, version.createdAt);

/**
 * The access-token keys. Locally and in tests one key, `JWT_SECRET`. In AWS the versions of the
 * secret `JWT_SECRET_ARN` labelled AWSCURRENT and AWSPREVIOUS (a new value put into the secret
 * takes AWSCURRENT and moves the old one to AWSPREVIOUS), each named by its version id.
 */
const keyring = cachedSecret(async (): Promise<Keyring> => {
  const local = process.env.JWT_SECRET;
  if (local) return { current: signingKeyOf(local, LOCAL_KID, undefined), previous: undefined };
  const [current, previous] = await Promise.all([
    readSecretVersion('JWT_SECRET_ARN', 'AWSCURRENT'),
    readSecretVersion('JWT_SECRET_ARN', 'AWSPREVIOUS'),
  ]);
  if (!current) throw new Error('The JWT secret has no current version');
  return { current: fromVersion(current), previous: previous && fromVersion(previous) };
});

/**
 * The key new tokens are signed with: the current one, or the previous one while the current is
 * younger than KEY_ROLLOVER_MS, because a function that read the keys before the rotation does
 * not know it yet (it still signs with, and accepts, the previous one).
 */
export async function signingKey(now = Date.now()): Promise<SigningKey> {
  const { current, previous } = await keyring(now);
  const young = current.createdAt !== undefined && now - current.createdAt < KEY_ROLLOVER_MS;
  return young && previous ? previous : current;
}

/** The key a token naming `kid` is checked with: the current or the previous key, else none. */
export async function verificationKey(
  kid: string | undefined,
  now = Date.now(),
): Promise<Uint8Array | undefined> {
  const { current, previous } = await keyring(now);
  return [current, previous].find((key) => key !== undefined && key.kid === kid)?.key;
}
