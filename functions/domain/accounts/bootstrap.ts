import { randomUUID } from 'node:crypto';
import { createUser, findUserByEmail, normalizeEmail, UserConflictError } from '@functions/data/users';
import { USERNAME_MAX_LENGTH } from '@shared/constants';
import { emailSchema, newPasswordSchema } from '@shared/contract/auth';
import { hashPassword } from './passwords';
import { newReferralCode } from './secrets';

/**
 * Creates the first SUPER_ADMIN (verified, active) from ADMIN_EMAIL / ADMIN_PASSWORD when no user
 * has that email. Idempotent: an existing account is left exactly as it is (its password and role
 * may have been changed since), and two starts racing create one account (the email marker).
 */
export async function ensureSuperAdmin(email: string, password: string): Promise<{ created: boolean }> {
  // The same rules as registration: the operator's first account is no weaker than a user's.
  const emailCheck = emailSchema.safeParse(email);
  if (!emailCheck.success) throw new Error(`ADMIN_EMAIL: ${emailCheck.error.issues[0]?.message}`);
  const passwordCheck = newPasswordSchema.safeParse(password);
  if (!passwordCheck.success) throw new Error(`ADMIN_PASSWORD: ${passwordCheck.error.issues[0]?.message}`);
  const normalized = normalizeEmail(email);
  if (await findUserByEmail(normalized)) return { created: false };
  const passwordHash = await hashPassword(password);
  const base = (normalized.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 20) || 'admin';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = (attempt === 0 ? base.padEnd(3, '_') : `${base}_${randomUUID().slice(0, 6)}`).slice(
      0,
      USERNAME_MAX_LENGTH,
    );
    try {
      await createUser({
        id: randomUUID(),
        email: normalized,
        username,
        passwordHash,
        referralCode: newReferralCode(),
        role: 'SUPER_ADMIN',
        emailVerified: true,
      });
      return { created: true };
    } catch (error) {
      if (!(error instanceof UserConflictError)) throw error;
      if (error.conflicts.includes('email')) return { created: false };
    }
  }
  throw new Error('Could not create the SUPER_ADMIN: no free username');
}
