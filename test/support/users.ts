import { randomUUID } from 'node:crypto';
import { createUser, findUserById } from '@functions/data/users';
import { updateAccount } from '@functions/domain/accounts/account-changes';
import { hashPassword } from '@functions/domain/accounts/passwords';
import { newReferralCode } from '@functions/domain/accounts/secrets';
import { toStaffUserView } from '@functions/domain/accounts/user-views';
import type { PublicUser } from '@shared/contract/users';
import type { Language, Role } from '@shared/enums';
import { authLogin } from '@shared/routes/auth';
import { call, runId } from './api';

/**
 * Test users for every engineer's integration tests: created through the accounts data layer
 * (fast, no mail round trip) and logged in through the real POST /api/auth/login, so the tokens
 * are exactly what a browser holds.
 */
export const TEST_PASSWORD = 'Correct-horse-9';
let defaultHash: Promise<string> | undefined;

function hashOf(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(TEST_PASSWORD);
  return defaultHash;
}

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  referralCode: string;
  /** Access token (empty for a user created with isActive false, who cannot log in). */
  token: string;
  refreshToken: string;
  user: PublicUser;
}

export interface TestUserOptions {
  role?: Role;
  isActive?: boolean;
  emailVerified?: boolean;
  language?: Language;
  password?: string;
  /** Id of the inviting user (counts in their referralCount). */
  invitedBy?: string;
}

/** A run-scoped email and username no other test uses. */
export function uniqueIdentity(prefix = 'u') {
  const tag = `${prefix}${runId()}`.slice(0, 24);
  return { email: `${tag}@example.test`, username: tag };
}

/**
 * Creates a user (verified and active unless told otherwise) and, when it can log in, logs it in.
 * A user with isActive false is logged in first and then deactivated, so its token is one that
 * was valid and must now be refused.
 */
export async function createVerifiedUser(options: TestUserOptions = {}): Promise<TestUser> {
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash = await hashOf(password);
  const { email, username } = uniqueIdentity();
  const record = await createUser({
    id: randomUUID(),
    email,
    username,
    passwordHash,
    timeZone: 'Europe/Moscow',
    referralCode: newReferralCode(),
    role: options.role ?? 'USER',
    language: options.language,
    emailVerified: options.emailVerified ?? true,
    invitedBy: options.invitedBy,
  });
  const canLogIn = options.emailVerified !== false;
  const session = canLogIn ? await loginAs(email, password) : { token: '', refreshToken: '' };
  if (options.isActive === false) await updateAccount(record, { isActive: false });
  const stored = (await findUserById(record.id, true))!;
  return {
    id: record.id,
    email,
    username,
    password,
    referralCode: record.referralCode!,
    ...session,
    user: toStaffUserView(stored),
  };
}

/** Logs in through the API; throws with the answer when the login is refused. */
export async function loginAs(loginIdentifier: string, password = TEST_PASSWORD) {
  const answer = await call(authLogin, { body: { loginIdentifier, password } });
  const data = answer.body.data;
  if (answer.status !== 200 || !data || !('token' in data)) {
    throw new Error(`Login of ${loginIdentifier} failed: ${answer.status} ${answer.body.message}`);
  }
  return { token: data.token, refreshToken: data.refreshToken };
}

/**
 * Gives a user another role. Tokens issued before carry the old role and are refused from now
 * on; log in again (`loginAs`) for a token with the new role.
 */
export async function promote(userId: string, role: Role): Promise<void> {
  const current = await findUserById(userId, true);
  if (!current) throw new Error(`No user ${userId}`);
  await updateAccount(current, { role });
}
