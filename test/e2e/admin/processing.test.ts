import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH, APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../support/mail';
import {
  createApplication,
  createManager,
  latestApplication,
  submitStandardApplication,
} from '../support/admin-data';
import { openAs, registerVerifiedUser, type Session, waitForAdmin } from '../support/admin-session';
import { showsToast, useBrowser } from '../support/browser';

/** A MANAGER processes applications in the admin table; the owner sees the outcome. */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let manager: Session;
beforeAll(async () => {
  manager = await createManager();
});

async function openApplicationsOf(user: Session) {
  const page = await newPage({ language: 'en' });
  await openAs(page, manager, `/admin/application-management?userId=${user.user.id}`);
  await waitForAdmin(page);
  return page;
}

describe('processing applications', () => {
  it('takes an application submitted in the UI from PENDING to COMPLETED and the owner sees it', async () => {
    const user = await registerVerifiedUser('own');
    const userPage = await newPage({ language: 'en' });
    await openAs(userPage, user, '/apply');
    await submitStandardApplication(
      userPage,
      { continent: 'Europe', country: 'Germany', city: 'Berlin' },
      '1500',
    );
    await userPage.getByText('Application submitted!').waitFor();
    const application = await latestApplication(user);
    expect(application.status).toBe('PENDING');
    // The client lands on the new order, not on an emptied form.
    await userPage.waitForURL(`**/applications/${application.id}`);

    const page = await openApplicationsOf(user);
    const status = page.getByLabel(
      `Status of application ${application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH)}`,
    );
    await showsToast(page, 'Status changed to Processing.', () => status.selectOption('PROCESSING'));
    await status.selectOption('COMPLETED');
    // From PROCESSING, completing is the deal done at the office: staff confirm it first.
    await showsToast(page, 'Status changed to Completed.', () =>
      page
        .getByRole('dialog', { name: /at the office\?$/ })
        .getByRole('button', { name: 'Complete at the office' })
        .click(),
    );

    await userPage.goto(new URL('/profile', userPage.url()).href);
    const row = userPage.locator(`tr[data-application-id="${application.id}"]`);
    await row.getByText('Completed').waitFor();
    await expect(row.textContent()).resolves.toContain(
      application.id.slice(0, APPLICATION_ID_DISPLAY_LENGTH),
    );
    const mails = await mailsTo(user.email);
    expect(mails.some((mail) => /completed|выполнена/i.test(`${mail.subject} ${mail.body.text}`))).toBe(true);
  });

  it('rejects with a reason that the owner then reads in their profile', async () => {
    const user = await registerVerifiedUser('rej');
    const application = await createApplication(user);
    const page = await openApplicationsOf(user);
    await page
      .getByLabel(`Status of application ${application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH)}`)
      .selectOption('REJECTED');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Reason for rejection required.').waitFor();
    await page.getByLabel(/Reason for rejection/).fill('The card holder name does not match');
    await showsToast(page, 'Status changed to Rejected.', () =>
      page.getByRole('button', { name: 'Reject' }).click(),
    );

    const userPage = await newPage({ language: 'en' });
    await openAs(userPage, user, '/profile');
    const row = userPage.locator(`tr[data-application-id="${application.id}"]`);
    await row.getByText('Reason: The card holder name does not match').waitFor();
    await expect(row.getByText('Rejected').isVisible()).resolves.toBe(true);
  });

  it('offers only the moves the lifecycle allows, and a finished application as a badge', async () => {
    const user = await registerVerifiedUser('mov');
    const application = await createApplication(user);
    const page = await openApplicationsOf(user);
    const short = application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
    const status = page.getByLabel(`Status of application ${short}`);
    const offered = () =>
      status
        .locator('option:not([disabled])')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    // In the lifecycle's order (shared/lifecycle.ts): take, staff's cancel, reject.
    await expect(offered()).resolves.toEqual(['PROCESSING', 'CANCELLED', 'REJECTED']);
    await showsToast(page, 'Status changed to Processing.', () => status.selectOption('PROCESSING'));
    await expect(offered()).resolves.toEqual(['COMPLETED', 'CANCELLED', 'REJECTED']);
    await status.selectOption('COMPLETED');
    await showsToast(page, 'Status changed to Completed.', () =>
      page
        .getByRole('dialog', { name: /at the office\?$/ })
        .getByRole('button', { name: 'Complete at the office' })
        .click(),
    );
    const row = page.getByRole('row').filter({ hasText: short });
    await row.locator('.status-fixed .badge', { hasText: 'Completed' }).waitFor();
    await expect(row.getByRole('combobox').count()).resolves.toBe(0);
  });

  it('locks the status, assignment and note of the staff member’s own application and says why', async () => {
    const application = await createApplication(manager);
    const page = await newPage({ language: 'en' });
    await openAs(page, manager, `/admin/application-management?open_id=${application.id}`);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('This is your own application: a colleague processes it.', { exact: false })
      .waitFor();
    await expect(dialog.getByRole('combobox', { name: /^Status of application/ }).count()).resolves.toBe(0);
    await expect(dialog.getByLabel('Manager', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByLabel('Note for staff').isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Save note' }).isDisabled()).resolves.toBe(true);
  });

  it('opens the detail modal from ?open_id= and assigns the application to a manager', async () => {
    const user = await registerVerifiedUser('asg');
    const application = await createApplication(user);
    const page = await newPage({ language: 'en' });
    await openAs(page, manager, `/admin/application-management?open_id=${application.id}`);
    await page
      .getByRole('heading', {
        name: `Application ${application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH)}`,
      })
      .waitFor();
    await page.getByLabel('Manager', { exact: true }).selectOption(manager.user.id);
    await showsToast(page, 'Application assigned.', () =>
      page.getByRole('button', { name: 'Save assignment' }).click(),
    );
    await page.keyboard.press('Escape');
    const row = page
      .getByRole('row')
      .filter({ hasText: application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH) });
    await row.getByText(manager.user.username ?? '').waitFor();
  });
});
