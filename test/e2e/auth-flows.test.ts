import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestMailTo, mailsTo } from '../support/mail';
import { E2E_PASSWORD, openAs, registerVerifiedUser } from './support/admin-session';
import { showsToast, siteUrl, useBrowser, waitForApp } from './support/browser';
import { linkIn, newIdentity, registerInBrowser, verifyFromMail } from './support/ui-account';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function waitForMailCount(address: string, count: number) {
  const deadline = Date.now() + 5000;
  while ((await mailsTo(address)).length < count) {
    if (Date.now() > deadline) throw new Error(`Expected ${count} mails to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('auth flows', () => {
  it('registers, verifies the email from the mail and lands in the profile', async () => {
    const identity = newIdentity('reg');
    const { tag, email } = identity;
    const page = await newPage({ language: 'en' });
    await registerInBrowser(page, identity);

    await showsToast(page, 'Verification email resent.', () =>
      page.getByRole('button', { name: 'Resend verification email' }).click(),
    );
    await waitForMailCount(email, 2);
    await verifyFromMail(page, email);

    await page.getByRole('heading', { name: tag }).waitFor();
    expect(await page.locator('.profile-card .badge').textContent()).toBe('Verified');
  });

  it('shows an error with a login link for a used or unknown verification link', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/verify-email#token=not-a-real-token'));
    await waitForApp(page);
    await fill(page, 'Password', 'Correct-horse-9');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.locator('.alert--danger').waitFor();

    expect(await page.locator('.alert--danger').textContent()).toContain(
      'Verification token is missing or invalid.',
    );
    expect(await page.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });

  it('takes the token of a link mailed before the fragment links and drops it from the address', async () => {
    const identity = newIdentity('old');
    const page = await newPage({ language: 'en' });
    await registerInBrowser(page, identity);
    const mail = await latestMailTo(identity.email);
    const link = linkIn(mail.body.text ?? mail.body.html, '/verify-email').replace('#token=', '?token=');

    await page.goto(link);
    await waitForApp(page);
    await page.waitForFunction(
      () => window.location.search === '' && window.location.hash.startsWith('#token='),
    );
    await fill(page, 'Password', E2E_PASSWORD);
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.waitForURL(siteUrl('/profile'), { timeout: 8000 });
  });

  it("refuses to verify with a password that is not the account's", async () => {
    const identity = newIdentity('wv');
    const page = await newPage({ language: 'en' });
    await registerInBrowser(page, identity);
    const mail = await latestMailTo(identity.email);

    await page.goto(linkIn(mail.body.text ?? mail.body.html, '/verify-email'));
    await waitForApp(page);
    await fill(page, 'Password', 'Someone-elses-pass-3');
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.locator('.alert--danger').waitFor();
    expect(await page.locator('.alert--danger').textContent()).toContain('not the one of this account');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.getByRole('link', { name: /Choose a new one/ }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('logs in and goes back to the page that asked for it', async () => {
    const session = await registerVerifiedUser('lg');
    const page = await newPage({ language: 'en' });
    await page.goto(siteUrl('/apply'));
    await waitForApp(page);

    // A visitor may apply as a guest there, or sign in first.
    await page.locator('.apply-card').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirectTo=%2Fapply$/);
    // The login card's own link (the header has one too), once its lazily loaded screen is there.
    const register = page.locator('.auth-card').getByRole('link', { name: 'Register', exact: true });
    expect(await register.getAttribute('href')).toBe('/register?redirectTo=%2Fapply');
    await fill(page, 'Email or username', session.username);
    await fill(page, 'Password', session.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL(siteUrl('/apply'));
    expect(await page.evaluate(() => Boolean(localStorage.getItem('authToken')))).toBe(true);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('refreshToken')))).toBe(true);
  });

  it('shows the server message for a wrong password', async () => {
    const session = await registerVerifiedUser('wp');
    const page = await newPage({ language: 'en' });
    await page.goto(siteUrl('/login'));
    await waitForApp(page);

    await fill(page, 'Email or username', session.email);
    await fill(page, 'Password', 'not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.locator('.alert--danger').waitFor();
    expect(await page.locator('.alert--danger').textContent()).toContain('Login failed');
    expect(page.url()).toBe(siteUrl('/login'));
  });

  it('sends a logged-in user from the guest-only pages to the profile', async () => {
    const session = await registerVerifiedUser('go');
    const page = await newPage({ language: 'en' });

    await openAs(page, session, '/register');

    await page.waitForURL(siteUrl('/profile'));
  });

  it('resets a forgotten password through the mailed link and logs in with the new one', async () => {
    const session = await registerVerifiedUser('fp');
    const newPassword = 'Brand-new-pass-7';
    const page = await newPage({ language: 'en' });
    await page.goto(siteUrl('/login'));
    await waitForApp(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();

    await fill(page, 'Email', session.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.locator('.alert--success').waitFor();
    expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
    await waitForMailCount(session.email, 2);
    const mail = await latestMailTo(session.email);
    await page.goto(linkIn(mail.body.text ?? mail.body.html, '/reset-password'));
    await waitForApp(page);
    await fill(page, 'New password', newPassword);
    await fill(page, 'Confirm new password', newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.locator('.alert--success').waitFor();
    // The reset logs the user in (the way in a lockout cannot block) and leads to the profile.
    await page.waitForURL(siteUrl('/profile'), { timeout: 8000 });
    await waitForApp(page);
    await page.locator('.profile-card__actions').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(siteUrl('/'));
    await page.goto(siteUrl('/login'));
    await waitForApp(page);
    await fill(page, 'Email or username', session.email);
    await fill(page, 'Password', newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL(siteUrl('/profile'));
  });

  it('refuses one of the most common passwords in the form, before sending it', async () => {
    const page = await newPage({ language: 'en' });
    await page.goto(siteUrl('/register'));
    await waitForApp(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) sent.push(request.url());
    });

    await fill(page, 'Password', 'password123');
    await fill(page, 'Confirm password', 'password123');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByText('This password is one of the most common ones. Please choose another.').waitFor();
    expect(sent).toEqual([]);
  });

  it('says so when the reset link has no token', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/reset-password'));
    await waitForApp(page);

    expect(await page.locator('.alert--danger').textContent()).toContain('missing its token');
  });
});
