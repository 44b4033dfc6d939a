import { createHash } from 'node:crypto';
import { cachedSecret, readSecretString } from './secret-store';

/**
 * The key that encrypts second-factor secrets at rest (AES-256-GCM): `MFA_KEY` locally and in
 * tests, the secret `MFA_KEY_ARN` in AWS. A key of its own, so rotating the JWT signing key never
 * makes the stored TOTP secrets unreadable.
 */
export const mfaEncryptionKey = cachedSecret(async () => {
  const secret = await readSecretString('MFA_KEY', 'MFA_KEY_ARN');
  if (secret.length < 32) throw new Error('MFA key must be at least 32 characters');
  return createHash('sha256').update(secret).digest();
});
