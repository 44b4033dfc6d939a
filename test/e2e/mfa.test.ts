import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createManager } from './support/admin-data';
import { openAs } from './support/admin-session';
import { siteUrl, useBrowser, waitForApp } from './support/browser';
import { authenticator } from './support/totp';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

async function logOut(page: Page) {
  await page.locator('.profile-card__actions').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(siteUrl('/'));
}

async function logInWithPassword(page: Page, identifier: string, password: string) {
  await page.goto(siteUrl('/login'));
  await waitForApp(page);
  await page.getByLabel('Email or username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}

describe('staff two-step verification (TOTP)', () => {
  it('sets up in the profile, then logs in with a code and with a recovery code', async () => {
    const manager = await createManager();
    const page = await newPage({ language: 'en' });
    await openAs(page, manager, '/profile');

    // Set up with the account's password: the QR code drawn in the browser, the key for manual
    // entry, a first code.
    const section = page.locator('section.mfa');
    await section.getByLabel('Your password').fill(manager.password);
    await section.getByRole('button', { name: 'Set up' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await section.locator('.mfa-secret code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app = authenticator(secret);
    const setupCode = app.now();
    await section.getByLabel('Code from the app').fill(setupCode);
    await section.getByRole('button', { name: 'Turn on' }).click();

    // The recovery codes, shown once, downloadable.
    const list = section.getByRole('list', { name: 'Your recovery codes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const file = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(file).toContain(code);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('On', { exact: true }).waitFor();
    expect(await list.count()).toBe(0);

    // Log in with a code: the one already used is refused, the next window's is taken.
    await logOut(page);
    await logInWithPassword(page, manager.email, manager.password);
    const codeField = page.getByLabel('Code from the app');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill(setupCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The code is wrong or has already been used.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await codeField.fill(app.next());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(siteUrl('/profile'));
    await waitForApp(page);

    // Log in with a recovery code instead.
    await logOut(page);
    await logInWithPassword(page, manager.username, manager.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(siteUrl('/profile'));
    await waitForApp(page);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('authToken')))).toBe(true);
    await page.locator('section.mfa').getByText('On', { exact: true }).waitFor();
  });
});
