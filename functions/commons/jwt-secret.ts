import { optionalEnv } from './config';

/**
 * The JWT signing key. Locally and in tests it is `JWT_SECRET`; in AWS it is the Secrets Manager
 * secret `JWT_SECRET_ARN`, read through the Parameters and Secrets Lambda extension on localhost,
 * so no SDK client is bundled and module load makes no network call. The key is kept for
 * `KEY_TTL_MS` (the extension caches as long), not for the container's life, so a new value put
 * into the secret is in use everywhere within about twice that (docs/operations.md).
 */
const EXTENSION_PORT = optionalEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', '2773');
export const KEY_TTL_MS = 5 * 60 * 1000;
let cached: { key: Promise<Uint8Array>; until: number } | undefined;

export function jwtSecretKey(now = Date.now()): Promise<Uint8Array> {
  if (cached && cached.until > now) return cached.key;
  const entry = {
    until: now + KEY_TTL_MS,
    key: loadSecret().catch((error: unknown) => {
      if (cached === entry) cached = undefined;
      throw error;
    }),
  };
  cached = entry;
  return entry.key;
}

async function loadSecret(): Promise<Uint8Array> {
  const inline = process.env.JWT_SECRET;
  if (inline) return encodeKey(inline);
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Missing JWT_SECRET or JWT_SECRET_ARN');
  const response = await fetch(
    `http://localhost:${EXTENSION_PORT}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`,
    { headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' } },
  );
  if (!response.ok) throw new Error(`Secrets extension answered ${response.status}`);
  const body = (await response.json()) as { SecretString?: string };
  if (!body.SecretString) throw new Error('JWT secret is empty');
  return encodeKey(body.SecretString);
}

function encodeKey(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  return new TextEncoder().encode(secret);
}
