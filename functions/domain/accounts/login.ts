import { findUserByEmail, findUserByUsername, type UserRecord } from '@functions/data/users';
import { AccountDeactivated, EmailNotVerified, InvalidCredentials } from './errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { type SignIn, signIn } from './sign-in';
import { bookLoginAttempt, forgetLoginFailures, loginSubject, noteLoginFailure } from './throttling';

/** Usernames never contain '@', so an identifier with one is an email. */
export function findUserByLoginIdentifier(identifier: string): Promise<UserRecord | undefined> {
  const trimmed = identifier.trim();
  return trimmed.includes('@') ? findUserByEmail(trimmed) : findUserByUsername(trimmed);
}

/**
 * Logs a user in. An unknown identifier and a wrong password take the same path (a bcrypt
 * comparison, against a dummy hash when there is no account) and get the same 401; the email
 * and active checks come only after the password matched, so they reveal nothing to a guesser.
 * An account with a second factor gets the code step instead of a session.
 */
export async function login(input: {
  loginIdentifier: string;
  password: string;
  ip: string;
  now?: Date;
}): Promise<SignIn> {
  const now = input.now ?? new Date();
  const user = await findUserByLoginIdentifier(input.loginIdentifier);
  const subject = loginSubject(user?.id, input.loginIdentifier);
  const attempt = await bookLoginAttempt(subject, input.ip, now);
  const matches = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !matches) {
    await noteLoginFailure(subject, input.ip, attempt, now);
    throw new InvalidCredentials();
  }
  // The right password ends the run of attempts, whatever the account's state.
  await forgetLoginFailures(subject);
  if (!user.isActive) throw new AccountDeactivated();
  if (!user.emailVerified) throw new EmailNotVerified();
  return signIn(user, now);
}
