import { createHash, timingSafeEqual } from 'node:crypto';
import { cachedSecret, readSecretVersion } from './secret-store';

/**
 * The header CloudFront adds to every request it sends to the API (infra/constructs/site-distribution.ts);
 * the local server adds it the same way. CloudFront replaces a viewer's header of this name, so only
 * CloudFront can present the value. API Gateway's origin authorizer checks it before any route
 * function runs (docs/architecture.md §3).
 */
export const ORIGIN_HEADER = 'x-origin-verify';

interface OriginValues {
  current: Buffer;
  /** The value before the last rotation, still accepted (AWS only): CloudFront moves to the new one at the web stack's next deploy. */
  previous: Buffer | undefined;
  /** When the current value was put (epoch ms): the rotation, while `previous` is still sent. */
  rotatedAt: number | undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The accepted values. Locally and in tests one, `ORIGIN_SECRET`. In AWS the versions of the secret
 * `ORIGIN_SECRET_ARN` labelled AWSCURRENT and AWSPREVIOUS, read at run time through the Parameters
 * and Secrets extension (never an environment variable, so no function configuration shows it), and
 * kept as the JWT key is (secret-store.ts): a rotation has no window in which CloudFront's value is
 * refused (docs/operations.md "Rotating the origin secret").
 */
const originValues = cachedSecret(async (): Promise<OriginValues> => {
  const local = process.env.ORIGIN_SECRET;
  if (local) return { current: digest(local), previous: undefined, rotatedAt: undefined };
  const [current, previous] = await Promise.all([
    readSecretVersion('ORIGIN_SECRET_ARN', 'AWSCURRENT'),
    readSecretVersion('ORIGIN_SECRET_ARN', 'AWSPREVIOUS'),
  ]);
  if (!current) throw new Error('The origin secret has no current version');
  return {
    current: digest(current.value),
    previous: previous && digest(previous.value),
    rotatedAt: current.createdAt,
  };
});

/**
 * Which accepted value `presented` is, or undefined. Digests of equal length are compared, so the
 * time taken does not depend on what was sent.
 */
export async function matchOriginSecret(
  presented: string,
  now = Date.now(),
): Promise<'current' | 'previous' | undefined> {
  const { current, previous } = await originValues(now);
  const sent = digest(presented);
  if (timingSafeEqual(sent, current)) return 'current';
  if (previous && timingSafeEqual(sent, previous)) return 'previous';
  return undefined;
}

/**
 * When the origin secret's current value was put (epoch ms), or undefined when not known (locally,
 * or an answer without a creation date): how long CloudFront has gone on sending the previous one.
 */
export async function originSecretRotatedAt(now = Date.now()): Promise<number | undefined> {
  return (await originValues(now)).rotatedAt;
}
