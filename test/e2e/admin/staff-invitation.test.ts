import { adminInviteStaff, adminSetUserRole } from '@shared/routes/admin-users';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, runId } from '../../support/api';
import { latestMailTo } from '../../support/mail';
import {
  logIn,
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { type Language, screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { authenticator } from '../support/totp';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const PASSWORD = 'Invited-staff-7';

/** A registered user made ADMIN by the SUPER_ADMIN, logged in again for an ADMIN token. */
async function createAdmin(): Promise<Session> {
  const user = await registerVerifiedUser('adm');
  const superAdmin = await logInAsSuperAdmin();
  const promoted = await call(adminSetUserRole, {
    token: superAdmin.token,
    params: { id: user.user.id },
    body: { role: 'ADMIN' },
  });
  if (promoted.status !== 200) throw new Error(`Promotion failed: ${promoted.status}`);
  return logIn(user.email, user.password);
}

/** The invitation link of the latest mail to `email` (the token, id.secret, rides in the fragment). */
async function mailedLink(email: string): Promise<string> {
  const mail = await latestMailTo(email, 10_000);
  const match = /https?:\/\/[^\s"]+\/admin\/invitation#token=[A-Za-z0-9_.%-]+/.exec(mail.body.text ?? '');
  if (!match) throw new Error(`No invitation link mailed to ${email}`);
  return match[0];
}

async function openInviteDialog(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  await page.getByRole('dialog').waitFor();
}

describe('staff by invitation', () => {
  it('an ADMIN invites a manager; the invitee opens the mailed link, sets a password and 2FA and lands in the admin area', async () => {
    const admin = await createAdmin();
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/user-management');

    const email = `invitee.${runId()}@example.test`;
    await openInviteDialog(page, 'Invite staff');
    const dialog = page.getByRole('dialog');
    // An ADMIN may invite a MANAGER only (shared/permissions.ts).
    expect(await dialog.getByLabel('Role').locator('option').allTextContents()).toEqual(['Manager']);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await pending.getByText(email).waitFor();

    const link = await mailedLink(email);
    const invitee = await newPage({ language: 'en' });
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: 'Join the staff' }).waitFor();
    await invitee.getByText(`You are invited as Manager with the address ${email}`).waitFor();
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByLabel('Repeat the password').fill(PASSWORD);
    await invitee.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await invitee.locator('.mfa-secret code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // On a phone the QR code cannot be scanned from its own screen: a link opens the app, and the key copies.
    const openInApp = invitee.getByRole('link', { name: 'Open in the authenticator app on this phone' });
    expect(await openInApp.getAttribute('href')).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
    await invitee.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await invitee.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => invitee.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await invitee.getByLabel('Code from the app').fill(authenticator(secret).now());
    await invitee.getByRole('button', { name: 'Join the staff' }).click();

    const codes = invitee.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await invitee.getByRole('button', { name: 'I have saved them' }).click();
    await invitee.waitForURL(/\/admin$/);
    await invitee.locator('.admin-page').waitFor();
    // A MANAGER's admin area: the applications are there, the users page (ADMIN's) is not in the menu.
    expect(await invitee.getByRole('link', { name: 'Applications', exact: false }).count()).toBeGreaterThan(
      0,
    );

    // The link worked once.
    const again = await newPage({ language: 'en' });
    await again.goto(link);
    await again.getByText('This invitation link is invalid or has expired').waitFor();

    // Once reloaded, the pending list no longer has it (the users table lists the new manager now,
    // so only the invitations table is looked at, after both lists have loaded).
    await page.reload();
    await waitForAdmin(page);
    await page.waitForLoadState('networkidle');
    expect(await pending.getByText(email).count()).toBe(0);
  });

  it('screens: the invite dialog and the accept page at 375 and 1280 px, ru and en', async () => {
    const superAdmin = await logInAsSuperAdmin();
    const email = `shots.${runId()}@example.test`;
    const invited = await call(adminInviteStaff, {
      token: superAdmin.token,
      body: { email, role: 'ADMIN', language: 'ru' },
    });
    expect(invited.status).toBe(201);
    const link = await mailedLink(email);
    const labels: Record<Language, string> = { ru: 'Пригласить сотрудника', en: 'Invite staff' };
    for (const language of ['ru', 'en'] as const) {
      for (const width of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
        const page = await newPage({ language, width });
        await openAs(page, superAdmin, '/admin/user-management');
        await openInviteDialog(page, labels[language]);
        // A SUPER_ADMIN may invite every staff role.
        expect(await page.getByRole('dialog').locator('select').first().locator('option').count()).toBe(3);
        await screenshot(page, `admin/staff-invite-dialog-${language}-${width}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        const invitee = await newPage({ language, width });
        await invitee.goto(link);
        await invitee.locator('.mfa-secret code').waitFor();
        await screenshot(invitee, `admin/staff-invitation-accept-${language}-${width}`);
        const acceptOverflow = await invitee.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(acceptOverflow).toBeLessThanOrEqual(0);
      }
    }
  });
});
