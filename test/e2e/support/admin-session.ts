import type { OwnUser } from '@shared/contract/users';
import { authLogin, authRegister, authVerifyEmail } from '@shared/routes/auth';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { call, runId } from '../../support/api';
import { latestMailTo } from '../../support/mail';
import { siteUrl } from './browser';

/**
 * Accounts for the admin e2e tests, set up through the public API (register, then the mailed
 * verification link), and a way to open the site already logged in as one of them.
 */
/** A loaded machine (two cores, other suites running) can take longer than the 10 s default. */
const LOAD_TIMEOUT_MS = 30_000;

export const E2E_PASSWORD = 'Correct-horse-9';

export interface Session {
  user: OwnUser;
  token: string;
  refreshToken: string;
  email: string;
  username: string;
  password: string;
}

/** Registers a user and confirms the email with the mailed link's token and the password; returns the session. */
export async function registerVerifiedUser(prefix = 'e'): Promise<Session> {
  const tag = `${prefix}${runId()}`.slice(0, 24);
  const email = `${tag}@example.test`;
  const body = { email, username: tag, password: E2E_PASSWORD };
  const answer = await call(authRegister, { body });
  if (answer.status !== 201)
    throw new Error(`Register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const mail = await latestMailTo(email);
  const match = /\/verify-email#token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? '');
  if (!match) throw new Error(`No verification link mailed to ${email}`);
  const verified = await call(authVerifyEmail, {
    body: { token: decodeURIComponent(match[1]!), password: E2E_PASSWORD },
  });
  const session = verified.body.data;
  if (verified.status !== 200 || !session || !('token' in session))
    throw new Error(`Verify failed: ${verified.status}`);
  return { ...session, email, username: tag, password: E2E_PASSWORD };
}

export async function logIn(loginIdentifier: string, password: string): Promise<Session> {
  const answer = await call(authLogin, { body: { loginIdentifier, password } });
  const session = answer.body.data;
  if (answer.status !== 200 || !session || !('token' in session))
    throw new Error(`Login of ${loginIdentifier} failed: ${answer.status}`);
  return { ...session, email: session.user.email, username: loginIdentifier, password };
}

/** The SUPER_ADMIN the local stack created from ADMIN_EMAIL / ADMIN_PASSWORD. */
export function logInAsSuperAdmin(): Promise<Session> {
  const { adminEmail, adminPassword } = inject('e2e');
  return logIn(adminEmail, adminPassword);
}

/** Opens `path` with the session's tokens already in local storage (as after a login). */
export async function openAs(page: Page, session: Session | null, path: string) {
  page.setDefaultTimeout(LOAD_TIMEOUT_MS);
  if (session) {
    // Once per tab: later navigations must keep the tokens the app has rotated since.
    await page.context().addInitScript(
      ({ token, refreshToken }) => {
        if (sessionStorage.getItem('e2e-session')) return;
        sessionStorage.setItem('e2e-session', '1');
        localStorage.setItem('authToken', token);
        localStorage.setItem('refreshToken', refreshToken);
      },
      { token: session.token, refreshToken: session.refreshToken },
    );
  }
  await page.goto(siteUrl(path));
  // As waitForApp, with room for a loaded machine.
  await page.waitForSelector('.site-shell', { timeout: LOAD_TIMEOUT_MS });
  await page.waitForFunction(() => !document.querySelector('.page-spinner'), undefined, {
    timeout: LOAD_TIMEOUT_MS,
  });
}

/** Waits until the admin screen has finished its first load (no spinner, no busy table). */
export async function waitForAdmin(page: Page) {
  await page.waitForSelector('.admin-page', { timeout: LOAD_TIMEOUT_MS });
  await page.waitForFunction(
    () => !document.querySelector('.admin-loading, .page-spinner, [aria-busy="true"]'),
    undefined,
    { timeout: LOAD_TIMEOUT_MS },
  );
}
