import type { UserRecord } from '@functions/data/users';
import { CurrentPasswordWrong } from './errors';
import { verifyPassword } from './passwords';
import { bookLoginAttempt, forgetLoginFailures, noteLoginFailure } from './throttling';

/**
 * The caller proves they know the account's password before a change that a stolen access token
 * alone must not make (a new password, the second factor's set-up and removal). A wrong one is a
 * field error and counts as a failed login, so a stolen token cannot be used to guess it either.
 */
export async function confirmCurrentPassword(
  user: UserRecord,
  currentPassword: string,
  ip: string,
  now: Date,
): Promise<void> {
  const attempt = await bookLoginAttempt(user.id, ip, now);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    await noteLoginFailure(user.id, ip, attempt, now);
    throw new CurrentPasswordWrong();
  }
  await forgetLoginFailures(user.id);
}
