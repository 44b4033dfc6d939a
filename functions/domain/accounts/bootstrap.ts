import { randomUUID } from 'node:crypto';
import {
  createUser,
  findUserByEmail,
  normalizeEmail,
  setPasswordHash,
  UserConflictError,
  type UserRecord,
} from '@functions/data/users';
import { USERNAME_MAX_LENGTH } from '@shared/constants';
import { emailSchema, newPasswordSchema } from '@shared/contract/auth';
import { issueProblem } from '@shared/field-rules';
import { businessTimeZone } from '../settings/business-time';
import { hashPassword } from './passwords';
import { newReferralCode } from './secrets';

/**
 * Creates the first SUPER_ADMIN (verified, active) from ADMIN_EMAIL / ADMIN_PASSWORD when no user
 * has that email. Idempotent: an existing account is left exactly as it is (its password and role
 * may have been changed since), and two starts racing create one account (the email marker).
 */
export async function ensureSuperAdmin(email: string, password: string): Promise<{ created: boolean }> {
  const normalized = checkedEmail(email, 'ADMIN_EMAIL');
  checkPassword(password, 'ADMIN_PASSWORD');
  if (await findUserByEmail(normalized)) return { created: false };
  const created = await createSuperAdmin(normalized, await hashPassword(password), true);
  return { created: created !== undefined };
}

/**
 * The operator's way to the first login while SES cannot mail the invitation (still in the
 * sandbox): sets the password of the SUPER_ADMIN with this email and marks the address verified
 * (whoever holds the AWS credentials vouches for it), ending any session; creates the account,
 * verified, when there is none. Refuses any other role: this is no back door into user accounts.
 */
export async function setSuperAdminPassword(email: string, password: string): Promise<{ created: boolean }> {
  const normalized = checkedEmail(email, 'email');
  checkPassword(password, 'password');
  const user = await findUserByEmail(normalized);
  if (!user) return ensureSuperAdmin(normalized, password);
  if (user.role !== 'SUPER_ADMIN') throw new Error(`${normalized} is a ${user.role}, not a SUPER_ADMIN`);
  if (!user.emailVerified && user.invitedBy)
    throw new Error(`${normalized} was invited by a user: verify it by its mailed link`);
  await setPasswordHash(user, await hashPassword(password), { verifyEmail: true });
  return { created: false };
}

/** The normalized address, if registration would accept it. */
export function checkedEmail(email: string, name: string): string {
  // The same rules as registration: the operator's first account is no weaker than a user's.
  const issue = emailSchema.safeParse(email).error?.issues[0];
  if (issue) throw new Error(`${name}: ${issueProblem(issue).msg}`);
  return normalizeEmail(email);
}

function checkPassword(password: string, name: string): void {
  const issue = newPasswordSchema.safeParse(password).error?.issues[0];
  if (issue) throw new Error(`${name}: ${issueProblem(issue).msg}`);
}

/**
 * An active SUPER_ADMIN with a username from the address; undefined when another start created the
 * account with this email first (the email marker makes two racing starts create one).
 */
export async function createSuperAdmin(
  normalizedEmail: string,
  passwordHash: string,
  emailVerified: boolean,
): Promise<UserRecord | undefined> {
  const base = (normalizedEmail.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 20) || 'admin';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = (attempt === 0 ? base.padEnd(3, '_') : `${base}_${randomUUID().slice(0, 6)}`).slice(
      0,
      USERNAME_MAX_LENGTH,
    );
    try {
      return await createUser({
        id: randomUUID(),
        email: normalizedEmail,
        username,
        passwordHash,
        referralCode: newReferralCode(),
        role: 'SUPER_ADMIN',
        emailVerified,
        timeZone: await businessTimeZone(),
      });
    } catch (error) {
      if (!(error instanceof UserConflictError)) throw error;
      if (error.conflicts.includes('email')) return undefined;
    }
  }
  throw new Error('Could not create the SUPER_ADMIN: no free username');
}
