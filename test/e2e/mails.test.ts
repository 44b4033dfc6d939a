import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { mailsTo } from '../support/mail';
import { createApplication, createManager } from './support/admin-data';
import { registerVerifiedUser } from './support/admin-session';
import { screenshot, useBrowser } from './support/browser';

/**
 * The application mails as a client sees them: each mail's HTML from the local SES inbox rendered in
 * Chromium on a phone (375 px) in light and dark mode, screenshotted (test-results/screenshots/mails,
 * looked at by hand), with nothing wider than the screen.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

describe('application mails in a mail client', () => {
  it('fit a phone in light and dark mode', async () => {
    const owner = await registerVerifiedUser('mail');
    const manager = await createManager();
    const application = await createApplication(owner);
    const rejected = await api('POST', `/api/admin/applications/${application.id}/status`, {
      token: manager.token,
      body: { status: 'REJECTED', rejectionReason: 'The card holder name does not match' },
    });
    expect(rejected.status).toBe(200);
    const mails = (await mailsTo(owner.email)).filter((mail) => mail.body.text?.includes(application.id));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Заявка ${application.id.slice(0, 8)} принята`,
      `Заявка ${application.id.slice(0, 8)}: отклонена`,
    ]);
    const page = await newPage({ width: 375 });
    for (const [index, mail] of mails.entries()) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setContent(mail.body.html!);
        await screenshot(page, `mails/${index === 0 ? 'created' : 'rejected'}-375-${scheme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
  });
});
