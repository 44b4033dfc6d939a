import { optionalEnv } from './config';

/**
 * A secret's text. Locally and in tests it is the variable `inlineEnv`; in AWS it is the Secrets
 * Manager secret named by `arnEnv`, read through the Parameters and Secrets Lambda extension on
 * localhost, so no SDK client is bundled and module load makes no network call.
 */
const EXTENSION_PORT = optionalEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', '2773');

export async function readSecretString(inlineEnv: string, arnEnv: string): Promise<string> {
  const inline = process.env[inlineEnv];
  if (inline) return inline;
  const arn = process.env[arnEnv];
  if (!arn) throw new Error(`Missing ${inlineEnv} or ${arnEnv}`);
  const response = await fetch(
    `http://localhost:${EXTENSION_PORT}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`,
    { headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' } },
  );
  if (!response.ok) throw new Error(`Secrets extension answered ${response.status}`);
  const body = (await response.json()) as { SecretString?: string };
  if (!body.SecretString) throw new Error(`Secret ${arnEnv} is empty`);
  return body.SecretString;
}

/** How long a read secret is kept; a rotated value is in use everywhere within about twice this (docs/operations.md). */
export const SECRET_TTL_MS = 5 * 60 * 1000;

/**
 * Keeps what `load` read for `SECRET_TTL_MS` (the extension caches as long), not for the container's life,
 * so a new value put into the secret is in use everywhere within about twice that; a failed read is
 * retried on the next call.
 */
export function cachedSecret<T>(load: () => Promise<T>): (now?: number) => Promise<T> {
  let cached: { value: Promise<T>; until: number } | undefined;
  return (now = Date.now()) => {
    if (cached && cached.until > now) return cached.value;
    const entry = {
      until: now + SECRET_TTL_MS,
      value: load().catch((error: unknown) => {
        if (cached === entry) cached = undefined;
        throw error;
      }),
    };
    cached = entry;
    return entry.value;
  };
}
