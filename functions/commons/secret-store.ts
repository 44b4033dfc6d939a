import { optionalEnv } from './config';

/**
 * Secrets. Locally and in tests a secret is an environment variable; in AWS it is a Secrets
 * Manager secret, read through the Parameters and Secrets Lambda extension on localhost, so no SDK
 * client is bundled and module load makes no network call.
 */

/** Staging labels Secrets Manager keeps on a secret's versions: a new value moves CURRENT to PREVIOUS. */
export type VersionStage = 'AWSCURRENT' | 'AWSPREVIOUS';

/** One version of a secret, as GetSecretValue answers it. */
export interface SecretVersion {
  value: string;
  versionId: string;
  /** When this version was created (epoch ms); undefined when the answer did not say. */
  createdAt: number | undefined;
}

/**
 * CreatedDate as the extension writes it: epoch seconds (a number, or a string with a fraction as
 * the open-source agent writes it) or an ISO date.
 */
function epochMs(created: unknown): number | undefined {
  if (typeof created === 'number') return created * 1000;
  if (typeof created !== 'string') return undefined;
  const ms = /^\d+(\.\d+)?$/.test(created) ? Number(created) * 1000 : Date.parse(created);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The version of the secret `arnEnv` names that holds `stage`, or undefined when no version holds
 * it (a secret that was never rotated has no AWSPREVIOUS: Secrets Manager answers
 * ResourceNotFoundException).
 */
export async function readSecretVersion(
  arnEnv: string,
  stage: VersionStage,
): Promise<SecretVersion | undefined> {
  const arn = process.env[arnEnv];
  if (!arn) throw new Error(`Missing ${arnEnv}`);
  const query = new URLSearchParams({ secretId: arn, versionStage: stage });
  const port = optionalEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', '2773');
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?${query}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) {
    if ((await response.text()).includes('ResourceNotFoundException')) return undefined;
    throw new Error(`Secrets extension answered ${response.status} for ${arnEnv} ${stage}`);
  }
  const body = (await response.json()) as {
    SecretString?: string;
    VersionId?: string;
    CreatedDate?: unknown;
  };
  if (!body.SecretString || !body.VersionId) throw new Error(`Secret ${arnEnv} ${stage} is empty`);
  return { value: body.SecretString, versionId: body.VersionId, createdAt: epochMs(body.CreatedDate) };
}

/** A secret's text: the variable `inlineEnv` if set, else the current version of the secret `arnEnv` names. */
export async function readSecretString(inlineEnv: string, arnEnv: string): Promise<string> {
  const inline = process.env[inlineEnv];
  if (inline) return inline;
  const current = await readSecretVersion(arnEnv, 'AWSCURRENT');
  if (!current) throw new Error(`Secret ${arnEnv} has no current version`);
  return current.value;
}

/** How long a read secret is kept, here and in the extension's cache (infra/constructs/api-function.ts). */
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
