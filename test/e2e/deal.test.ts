import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { ApplicationView } from '@shared/contract/applications';
import { adminChangeApplicationStatus, adminIssueInstructions } from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import { adminCreatePaymentTemplate, adminListPaymentTemplates } from '@shared/routes/payment-templates';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { createApplication, createManager } from './support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from './support/admin-session';
import {
  type Language,
  screenshot,
  seriousAxeViolations,
  showsToast,
  useBrowser,
  VIEWPORTS,
} from './support/browser';

/**
 * The whole deal in two browser contexts: the client on their order page, a MANAGER in
 * the admin detail. Each sees the other's step after its next refresh: the order page's 15-second
 * refresh is reached by moving the page's own clock (page.clock), the staff page is reloaded.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TX_OUT = 'd'.repeat(64);
const OFFICE_TEXT = 'Berlin office: Friedrichstraße 100, 2nd floor, ring "Exchange". Bring your passport.';
const CARD_TEXT = 'SEPA transfer to IBAN DE89 3704 0044 0532 0130 00, reference: your application number.';

let manager: Session;
const label = `e2e ${Date.now().toString(36)}`;

beforeAll(async () => {
  manager = await createManager();
  const admin = await logInAsSuperAdmin();
  const templates = [
    { kind: 'office', label: `${label} Berlin office`, city: 'europe.germany.berlin', details: OFFICE_TEXT },
    { kind: 'card', label: `${label} EUR card`, currency: 'EUR', details: CARD_TEXT },
    { kind: 'usdt', label: `${label} USDT wallet`, address: ADDRESS },
  ] as const;
  for (const body of templates) {
    const saved = await call(adminCreatePaymentTemplate, { token: admin.token, body });
    if (saved.status !== 201) throw new Error(`Template refused: ${JSON.stringify(saved.body)}`);
  }
}, 120_000);

/** The client's order page, on a clock the test moves: 15 s on it is the page's next refresh. */
async function orderPage(
  client: Session,
  id: string,
  language: Language = 'en',
  width: number = VIEWPORTS.desktop,
) {
  const page = await newPage({ language, width });
  await page.clock.install();
  await openAs(page, client, `/applications/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

async function nextRefresh(page: Page) {
  await page.clock.runFor(15_000);
}

async function staffDetail(id: string) {
  const page = await newPage({ language: 'en' });
  await openAs(page, manager, `/admin/application-management?open_id=${id}`);
  await waitForAdmin(page);
  await page.getByRole('dialog').waitFor();
  return page;
}

async function reopen(page: Page) {
  await page.reload();
  await waitForAdmin(page);
  await page.getByRole('dialog').waitFor();
}

async function staffAction(
  page: Page,
  action: RegExp,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  done: string,
) {
  await page.getByRole('button', { name: action }).first().click();
  const dialog = page.getByRole('dialog').last();
  await fill(dialog);
  await showsToast(page, done, () => dialog.getByRole('button', { name: action }).click());
}

async function takeInDetail(page: Page, id: string) {
  const short = id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
  await showsToast(page, 'Status changed to Processing.', () =>
    page.getByRole('dialog').getByLabel(`Status of application ${short}`).selectOption('PROCESSING'),
  );
}

/** The deal from instructions to completion, the client and staff each acting in their page. */
async function runDeal(
  client: Session,
  application: ApplicationView,
  templateLabel: string,
  templateText: string,
  payout: { txHash?: string; note?: string },
) {
  const clientPage = await orderPage(client, application.id);
  await clientPage.getByText('Nothing for now: your application is waiting for staff to take it.').waitFor();

  const staffPage = await staffDetail(application.id);
  await takeInDetail(staffPage, application.id);
  await staffAction(
    staffPage,
    /^Issue instructions$/,
    async (dialog) => {
      await dialog.getByRole('button', { name: new RegExp(templateLabel) }).click();
      await expect(dialog.getByLabel('Instructions for the client').inputValue()).resolves.toContain(
        templateText.slice(0, 20),
      );
    },
    'Payment instructions issued.',
  );

  // The client's next refresh shows the instructions and the countdown.
  await nextRefresh(clientPage);
  await clientPage.getByRole('heading', { name: 'Payment instructions' }).waitFor();
  await clientPage.getByText(templateText.slice(0, 30)).first().waitFor();
  await clientPage
    .getByText(/left to pay/)
    .first()
    .waitFor();
  await clientPage.getByLabel('Your TRC-20 address').fill(ADDRESS);
  await showsToast(clientPage, 'Payout details saved.', () =>
    clientPage.getByRole('button', { name: 'Save payout details' }).click(),
  );
  await clientPage.getByRole('button', { name: 'I have paid' }).click();
  await clientPage
    .getByRole('dialog', { name: 'Confirm your payment' })
    .getByRole('button', { name: 'Yes, I have paid' })
    .click();
  await clientPage
    .getByText('You said you have paid. Staff are checking that the payment arrived.')
    .waitFor();

  await reopen(staffPage);
  await staffPage.getByText(ADDRESS).first().waitFor();
  await staffAction(staffPage, /^Confirm payment$/, async () => {}, 'Payment confirmed.');

  await nextRefresh(clientPage);
  await clientPage.getByText('Your payment has arrived. The office is preparing your payout.').waitFor();

  await staffAction(
    staffPage,
    /^Record payout$/,
    async (dialog) => {
      if (payout.txHash) await dialog.getByLabel(/Transaction hash/).fill(payout.txHash);
      if (payout.note) await dialog.getByLabel(/Note/).fill(payout.note);
    },
    'Payout recorded.',
  );
  await nextRefresh(clientPage);
  await clientPage.getByText('Your payout is on its way.').waitFor();

  const short = application.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
  await staffPage.getByRole('dialog').getByLabel(`Status of application ${short}`).selectOption('COMPLETED');
  // Completing asks first, with the amounts the reserves move by, since it moves them.
  const asked = staffPage.getByRole('dialog', { name: `Complete application ${short}?` });
  await showsToast(staffPage, 'Status changed to Completed.', () =>
    asked.getByRole('button', { name: 'Complete', exact: true }).click(),
  );
  await nextRefresh(clientPage);
  await clientPage.getByText('The exchange is complete. Thank you!').waitFor();
  return { clientPage, staffPage };
}

describe('the whole deal on the site', () => {
  it('runs a cash deal: cash handed in at the Berlin office, USDT paid out to the client', async () => {
    const client = await registerVerifiedUser('cash');
    const application = await createApplication(client, { assetFrom: 'cash-EUR', amount: 1000 });
    const { clientPage } = await runDeal(client, application, `${label} Berlin office`, OFFICE_TEXT, {
      note: 'USDT sent from the office wallet',
    });
    const steps = await clientPage.locator('.order-steps').textContent();
    expect(steps).toContain('Completed');
  }, 180_000);

  it("runs a card → USDT deal with the payout's transaction hash", async () => {
    const client = await registerVerifiedUser('card');
    const application = await createApplication(client, { assetFrom: 'card-EUR', amount: 700 });
    const { staffPage } = await runDeal(client, application, `${label} EUR card`, CARD_TEXT, {
      txHash: TX_OUT,
    });
    await staffPage.getByText(TX_OUT).first().waitFor();
  }, 180_000);
});

describe('the order page and the staff detail at 375 and 1280 px, in Russian and English', () => {
  let client: Session;
  let application: ApplicationView;

  beforeAll(async () => {
    client = await registerVerifiedUser('look');
    application = await createApplication(client, {
      assetFrom: 'usdt-trc20',
      assetTo: 'card-EUR',
      amount: 800,
    });
    const moved = await call(adminChangeApplicationStatus, {
      token: manager.token,
      params: { id: application.id },
      body: { status: 'PROCESSING' },
    });
    expect(moved.status).toBe(200);
    const templates = await call(adminListPaymentTemplates, { token: manager.token });
    const usdt = templates.body.data!.templates.find(
      (template) => template.label === `${label} USDT wallet`,
    )!;
    const issued = await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: 'Send exactly the amount below to this address.', templateId: usdt.id },
    });
    expect(issued.status).toBe(200);
    await call(setPayoutDetails, {
      token: client.token,
      params: { id: application.id },
      body: { card: '4111 1111 1111 1111' },
    });
  }, 120_000);

  it("shows the deadline in the visitor's own time zone, naming it", async () => {
    const page = await newPage({ language: 'en', timeZone: 'Asia/Tokyo' });
    await openAs(page, client, `/applications/${application.id}`);
    const deadline = page.locator('.order-countdown__deadline time');
    const instant = Date.parse((await deadline.getAttribute('datetime'))!);
    // Tokyo keeps UTC+9 all year: its wall clock is the UTC one nine hours on.
    const tokyo = new Date(instant + 9 * 3_600_000).toISOString().slice(11, 16);
    expect(await deadline.textContent()).toMatch(
      new RegExp(`^\\d+ \\w+ \\d{4}, ${tokyo} \\(Japan, UTC\\+9\\)$`),
    );
  }, 60_000);

  for (const language of ['ru', 'en'] as const) {
    for (const width of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      it(`${language}, ${width} px: fits, passes axe, shows the QR code and the masked card`, async () => {
        const page = await orderPage(client, application.id, language, width);
        await page.locator('.order-qr').first().waitFor();
        await page.getByText('•••• 1111').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `deal/order-${language}-${width}`);

        const staff = await newPage({ language, width });
        await openAs(staff, manager, `/admin/application-management?open_id=${application.id}`);
        await waitForAdmin(staff);
        await staff.getByRole('dialog').waitFor();
        await staff.getByText('4111 1111 1111 1111').first().waitFor();
        expect(await seriousAxeViolations(staff)).toEqual([]);
        await screenshot(staff, `deal/staff-${language}-${width}`);
      }, 60_000);
    }
  }
});
