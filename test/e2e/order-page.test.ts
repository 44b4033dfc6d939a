import { weekHoursText } from '@shared/hours-text';
import { adminChangeApplicationStatus, adminIssueInstructions } from '@shared/routes/admin-applications';
import { getMyApplication } from '@shared/routes/applications';
import { getGeo } from '@shared/routes/geo';
import { listMyMessages } from '@shared/routes/messages';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { mailsTo } from '../support/mail';
import { createApplication, createManager } from './support/admin-data';
import { logInAsSuperAdmin, openAs, registerVerifiedUser, type Session } from './support/admin-session';
import {
  type Language,
  lookAtWidths,
  screenshot,
  showsToast,
  useBrowser,
  VIEWPORTS,
  waitForApp,
} from './support/browser';
import { newTronAddress } from './support/deal-steps';

/**
 * The order page as a client on a phone meets it (docs/product.md §2): straight from the landing
 * calculator to the new order, what to pay and to what at the top with copy buttons that really
 * copy, "I have paid" with a receipt; and a client paid out in cash told where to collect it, on
 * the page and in the mail.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const BERLIN = 'europe.germany.berlin';
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** A card number whose Luhn digit holds. */
const CARD = '2202200000000008';
/** A 1×1 PNG: the server checks a receipt's first bytes against its type. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** An iPhone SE's screen: what "above the fold" means here. */
const PHONE = { width: VIEWPORTS.mobile, height: 667 };

/** The data of an API answer of the expected status; anything else fails the step with what the server said. */
async function data<T>(answer: Promise<{ status: number; body: { data?: T } }>, status = 200): Promise<T> {
  const settled = await answer;
  if (settled.status !== status) throw new Error(`${settled.status} ${JSON.stringify(settled.body)}`);
  return settled.body.data!;
}

let admin: Session;
let manager: Session;
const tag = Date.now().toString(36);

async function template(body: Parameters<typeof call<typeof adminCreatePaymentTemplate>>[1]['body']) {
  return (await data(call(adminCreatePaymentTemplate, { token: admin.token, body }), 201)).id;
}

/** Staff take the application and issue instructions from a template, as the admin detail does. */
async function issueInstructions(id: string, templateId: string, text: string) {
  await data(
    call(adminChangeApplicationStatus, {
      token: manager.token,
      params: { id },
      body: { status: 'PROCESSING' },
    }),
  );
  await data(
    call(adminIssueInstructions, { token: manager.token, params: { id }, body: { text, templateId } }),
  );
}

/** Whether the element lies wholly on the first screen of the page, without scrolling. */
async function aboveTheFold(element: ReturnType<Page['locator']>) {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

let cardTemplate: string;
let wallet: string;
let office: { id: string; label: string; address: string };

beforeAll(async () => {
  [admin, manager] = await Promise.all([logInAsSuperAdmin(), createManager()]);
  cardTemplate = await template({
    kind: 'card',
    label: `e2e ${tag} EUR card`,
    currency: 'EUR',
    details: 'Reference: your application number.',
    number: CARD,
    bank: 'Deutsche Bank',
    holder: 'Exchange GmbH',
  });
  wallet = await template({ kind: 'usdt', label: `e2e ${tag} wallet`, address: WALLET });
  // "0…" sorts first: the first office of the city by name is where cash is collected.
  office = { id: '', label: `0 e2e ${tag} Berlin desk`, address: 'Friedrichstraße 100, 2nd floor' };
  office.id = await template({ kind: 'office', label: office.label, city: BERLIN, details: office.address });
}, 120_000);

describe('the order page on a phone', () => {
  it('goes from the landing calculator to the new order, shows what to pay to what above the fold with working copy buttons, and pays with a receipt', async () => {
    const client = await registerVerifiedUser('op');
    const page = await newPage({ language: 'en', width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAs(page, client, '/');
    await page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>('.calc select[name=city]');
      return select && !select.disabled && select.options.length > 1;
    });
    const calculator = page.locator('.calc');
    await calculator.getByLabel('City', { exact: true }).selectOption(BERLIN);
    await calculator.getByLabel('Amount').fill('300');
    await calculator.getByText(/≈ .* USDT/).waitFor();
    await calculator.getByRole('button', { name: 'Apply' }).click();

    await page.waitForURL(/\/apply$/);
    await waitForApp(page);
    await page.locator('.apply-form .quote .quote__receive').waitFor();
    const contact = page.getByLabel('Telegram contact');
    await contact.fill('@e2e_phone');
    await contact.blur();
    await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
    await page.locator('input[name=amlAcknowledged]').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    // Straight to the new order's page, not back to an empty form.
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    const id = /\/applications\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    await issueInstructions(id, cardTemplate, 'Reference: your application number.');
    await page.reload();
    const block = page.locator('.order-instructions');
    await block.getByRole('heading', { name: 'Transfer 300 EUR to the card or account' }).waitFor();
    await block.getByText('2202 2000 0000 0008').waitFor();
    await block.getByText('Deutsche Bank').waitFor();
    await block.getByText('Exchange GmbH').waitFor();
    const copyAmount = block.getByRole('button', { name: 'Copy amount' });
    const copyNumber = block.getByRole('button', { name: 'Copy number' });
    expect(await aboveTheFold(block.getByText('2202 2000 0000 0008'))).toBe(true);
    expect(await aboveTheFold(copyAmount)).toBe(true);
    expect(await aboveTheFold(copyNumber)).toBe(true);
    await screenshot(page, 'order/card-to-pay-en-375');

    await showsToast(page, 'Amount copied!', () => copyAmount.click());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('300');
    await showsToast(page, 'Number copied!', () => copyNumber.click());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CARD);

    // Where the USDT goes first: "I have paid" waits for it.
    await page.getByLabel('Your TRC-20 address').fill(newTronAddress());
    await showsToast(page, 'Payout details saved.', () =>
      page.getByRole('button', { name: 'Save payout details' }).click(),
    );
    await page.getByRole('button', { name: 'I have paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await dialog.getByLabel('Payment receipt (optional)').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: RECEIPT_PNG,
    });
    await screenshot(page, 'order/paid-confirmation-en-375');
    await showsToast(page, 'Thank you! Staff will check your payment.', () =>
      dialog.getByRole('button', { name: 'Yes, I have paid' }).click(),
    );
    await page.getByText('You said you have paid. Staff are checking that the payment arrived.').waitFor();

    const detail = (await data(call(getMyApplication, { token: client.token, params: { id } }))).clientPaid;
    const thread = await data(call(listMyMessages, { token: client.token, params: { id }, query: {} }));
    const receipt = thread.items
      .flatMap((message) => message.attachments)
      .find((file) => file.fileName === 'receipt.png');
    expect(receipt).toBeDefined();
    expect(detail?.receiptId).toBe(receipt!.id);
  });
});

describe('a cash payout', () => {
  it("names the office where the cash is collected, with its address and the city's hours, on the page and in the mail", async () => {
    const client = await registerVerifiedUser('oc');
    const application = await createApplication(client, {
      assetFrom: 'usdt-trc20',
      assetTo: 'cash-EUR',
      amount: 300,
    });
    await issueInstructions(application.id, wallet, 'Send the USDT to the address on this page.');
    const berlin = (await data(call(getGeo, {})))
      .flatMap((continent) => continent.countries)
      .flatMap((country) => country.cities)
      .find((city) => city.key === BERLIN)!;
    const hours = weekHoursText(berlin.hours.week, 'en');

    const page = await newPage({ language: 'en', width: PHONE.width });
    await openAs(page, client, `/applications/${application.id}`);
    const collect = page.locator('section[aria-labelledby=order-collect-title]');
    await collect.getByRole('heading', { name: 'Where to collect your cash' }).waitFor();
    await collect.getByText(office.label).waitFor();
    await collect.getByText(office.address).waitFor();
    await collect.getByText(new RegExp(`^${hours} \\(`)).waitFor();
    await screenshot(page, 'order/cash-collect-en-375');

    // The client's mails are in their language: Russian, the default.
    const mails = await mailsTo(client.email);
    const mail = mails.find((sent) => sent.subject.includes('ожидает оплаты'));
    if (!mail) throw new Error(`no payment mail among: ${mails.map((sent) => sent.subject).join(' | ')}`);
    expect(mail.body.text).toMatch(
      new RegExp(`Где получить наличные:\\s+${office.label}, ${office.address}\\n`),
    );
    expect(mail.body.text).toMatch(
      new RegExp(`Часы работы офиса:\\s+${weekHoursText(berlin.hours.week, 'ru')} \\(`),
    );
  });
});

describe('the order page at 375 and 1280 px, in Russian and English', () => {
  it.each<Language>(['ru', 'en'])(
    'shows a card payment and a cash collection with nothing cut and no serious axe finding (%s)',
    async (language) => {
      const client = await registerVerifiedUser('ow');
      const card = await createApplication(client, { amount: 46_250, assetFrom: 'card-EUR' });
      await issueInstructions(card.id, cardTemplate, 'Reference: your application number.');
      const cash = await createApplication(client, {
        assetFrom: 'usdt-trc20',
        assetTo: 'cash-EUR',
        amount: 300,
      });
      await issueInstructions(cash.id, wallet, 'Send the USDT to the address on this page.');

      const page = await newPage({ language });
      await openAs(page, client, `/applications/${card.id}`);
      await page.locator('.order-instructions').first().waitFor();
      const problems = await lookAtWidths(page, `order/card-to-pay`, language);
      await openAs(page, client, `/applications/${cash.id}`);
      await page.locator('section[aria-labelledby=order-collect-title]').waitFor();
      Object.assign(problems, await lookAtWidths(page, `order/cash-collect`, language));
      expect(problems).toEqual({});
    },
  );
});
