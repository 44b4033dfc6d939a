import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { mailsTo, type StoredMail } from '../support/mail';
import { createApplication, createManager } from './support/admin-data';
import { logInAsSuperAdmin, registerVerifiedUser } from './support/admin-session';
import { screenshot, useBrowser } from './support/browser';

/**
 * The mails as a reader sees them: each mail's HTML from the local SES inbox rendered in Chromium
 * on a phone (375 px) in light and dark mode, with nothing wider than the screen: the owner's
 * application mails, the staff mail about a new application and an account mail, all on the one
 * layout. `npm run test:screenshots` saves each (test-results/screenshots/mails, looked at by hand).
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

async function shootOnPhone(page: Page, mail: StoredMail, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setContent(mail.body.html!);
    await screenshot(page, `mails/${name}-375-${scheme}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} in ${scheme} mode`).toBeLessThanOrEqual(0);
  }
}

describe('mails in a mail client', () => {
  it('fit a phone in light and dark mode', async () => {
    const owner = await registerVerifiedUser('mail');
    const manager = await createManager();
    const admin = await logInAsSuperAdmin();
    const staffAddress = `staff-${owner.user.id}@example.test`;
    const setStaffAddress = (value: string) =>
      api('PUT', '/api/admin/settings/staffNotifyEmail', { token: admin.token, body: { value } });
    expect((await setStaffAddress(staffAddress)).status).toBe(200);
    const application = await createApplication(owner).finally(() => setStaffAddress(''));
    const rejected = await api('POST', `/api/admin/applications/${application.id}/status`, {
      token: manager.token,
      body: { status: 'REJECTED', rejectionReason: 'The card holder name does not match' },
    });
    expect(rejected.status).toBe(200);
    const inbox = await mailsTo(owner.email);
    const mails = inbox.filter((mail) => mail.body.text?.includes(application.id));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Заявка ${application.id.slice(0, 8)} принята`,
      `Заявка ${application.id.slice(0, 8)}: отклонена`,
    ]);
    const [staffMail] = await mailsTo(staffAddress);
    expect(staffMail?.subject).toBe(`Новая заявка ${application.id.slice(0, 8)}`);
    const verification = inbox.find((mail) => mail.body.text?.includes('/verify-email#token='));
    expect(verification?.subject).toBe('Подтвердите email');

    const page = await newPage({ width: 375 });
    await shootOnPhone(page, mails[0]!, 'created');
    await shootOnPhone(page, mails[1]!, 'rejected');
    await shootOnPhone(page, staffMail!, 'staff-new-application');
    await shootOnPhone(page, verification!, 'account-verify-email');
  });
});
