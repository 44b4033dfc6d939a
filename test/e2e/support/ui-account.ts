import type { Page } from 'playwright-core';
import { runId } from '../../support/api';
import { latestMailTo } from '../../support/mail';
import { E2E_PASSWORD } from './admin-session';
import { siteUrl, waitForApp } from './browser';

/** A fresh identity for a registration through the UI. */
export function newIdentity(prefix: string): { tag: string; email: string } {
  const tag = `${prefix}${runId()}`.slice(0, 20);
  return { tag, email: `${tag}@example.test` };
}

/** The first `{path}#token=…` link in a mail's text (the token travels in the fragment). */
export function linkIn(text: string | undefined, path: string): string {
  const match = new RegExp(`https?://[^\\s"]+${path}#token=[A-Za-z0-9_%-]+`).exec(text ?? '');
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return match[0];
}

/** Opens the register form, fills and sends it (English UI); waits for the success screen. */
export async function registerInBrowser(page: Page, identity: { tag: string; email: string }) {
  await page.goto(siteUrl('/register'));
  await waitForApp(page);
  await submitRegisterForm(page, identity);
}

/** Fills and sends the register form on the page (English UI) without an invitation code; waits for the success screen. */
export async function submitRegisterForm(page: Page, { tag, email }: { tag: string; email: string }) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Username', { exact: true }).fill(tag);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("I don't have an invitation code").check();
  await page.getByRole('checkbox', { name: /User Agreement/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

/**
 * Opens the verification link of the latest mail to `email`, confirms the account's password (English
 * UI) and waits for the page it leads to: the profile, or `landsOn`.
 */
export async function verifyFromMail(page: Page, email: string, landsOn = '/profile') {
  const mail = await latestMailTo(email);
  await page.goto(linkIn(mail.body.text ?? mail.body.html, '/verify-email'));
  await waitForApp(page);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await page.getByText('Email verified successfully!').first().waitFor();
  await page.waitForURL(siteUrl(landsOn), { timeout: 8000 });
  await waitForApp(page);
}
