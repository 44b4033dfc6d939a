import { cachedSecret, readSecretString } from './secret-store';

/** The JWT signing key: `JWT_SECRET` locally and in tests, the secret `JWT_SECRET_ARN` in AWS. */
export const jwtSecretKey = cachedSecret(async () => {
  const secret = await readSecretString('JWT_SECRET', 'JWT_SECRET_ARN');
  if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  return new TextEncoder().encode(secret);
});
