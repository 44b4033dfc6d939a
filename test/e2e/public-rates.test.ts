import type { PublicRatesData, Quote, RatesData } from '@shared/contract/rates';
import { rateText } from '@shared/rate-display';
import { adminChangeApplicationStatus } from '@shared/routes/admin-applications';
import { adminGetLedgerAccount } from '@shared/routes/ledger';
import {
  adminPayPartnerPayout,
  adminSetPartnerTerms,
  myPartnerOverview,
  requestPartnerPayout,
} from '@shared/routes/partners';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, call } from '../support/api';
import { latestMailTo } from '../support/mail';
import { E2E_PASSWORD, logInAsSuperAdmin, registerVerifiedUser, type Session } from './support/admin-session';
import { siteUrl, useBrowser, waitForApp } from './support/browser';
import { newTronAddress, ok, tronStandIn } from './support/deal-steps';
import { linkIn, newIdentity } from './support/ui-account';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** The landing page's quote calculator and the public rates page, as a visitor meets them. */

const BERLIN = 'europe.germany.berlin';
/** The monitor's site, as its links' referrer names it (with www.). */
const MONITOR = 'bestchange.ru';
const TBILISI = 'cis.georgia.tbilisi';

/** How the screens write rates in English: the expensive currency as the unit (shared/rate-display). */
const rate = (assetFrom: string, assetTo: string, value: number) => rateText(assetFrom, assetTo, value, 'en');
/** How they write amounts: two decimals, none for a whole amount, cut (shared/assets SHOWN_DECIMALS). */
const money = (value: number) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    trailingZeroDisplay: 'stripIfInteger',
    roundingMode: 'trunc',
  }).format(value);

async function citiesLoaded(page: Page, scope: string) {
  await page.waitForFunction((selector) => {
    const select = document.querySelector<HTMLSelectElement>(selector);
    return select && !select.disabled && select.options.length > 1;
  }, `${scope} select[name=city]`);
}

describe("the landing page's quote calculator", () => {
  it("takes a visitor from a monitor's link through a guest application on a phone, the mailed order link and a password set later, and pays the partner who is that monitor", async () => {
    // The monitor is a partner of the exchange, known by its site, with 1 % of the volume it brings.
    const admin = await logInAsSuperAdmin();
    const partner = await registerVerifiedUser('monitor');
    await ok(
      call(adminSetPartnerTerms, {
        token: admin.token,
        params: { id: partner.user.id },
        body: { terms: { profitPercent: 30, volumePercent: 1 }, directionTerms: [], monitorHosts: [MONITOR] },
      }),
      'partner terms',
    );
    const page = await newPage({ language: 'en', width: 375 });
    // BestChange's link names the direction in its codes; the visit keeps them as its source.
    await page.goto(siteUrl('/?cur_from=CARDEUR&cur_to=USDTTRC20'), { referer: `https://www.${MONITOR}/` });
    await waitForApp(page);
    await citiesLoaded(page, '.calc');
    const calculator = page.locator('.calc');

    await calculator.getByLabel('City', { exact: true }).selectOption(BERLIN);
    expect(await calculator.getByLabel('You give').inputValue()).toBe('card-EUR');
    await calculator.getByLabel('Amount').fill('1500');
    const expected = await api<Quote>('POST', '/api/rates/calculate', {
      body: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 1500 },
    });
    const quote = expected.body.data!;
    await calculator.getByText(`≈ ${money(quote.amountTo)} USDT`).waitFor();
    expect(await calculator.getByText(rate('card-EUR', 'usdt-trc20', quote.rate)!).count()).toBe(1);
    expect(await calculator.getByText(`${money(quote.minAmount)} EUR`).count()).toBe(1);

    // No registration: the choice goes straight to the form, which asks for an email instead.
    await calculator.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(siteUrl('/apply'));
    await citiesLoaded(page, '.apply-form');
    await page.waitForFunction(
      (city) => document.querySelector<HTMLSelectElement>('select[name=city]')?.value === city,
      BERLIN,
    );
    expect(await page.locator('.apply-form [name=amount]').inputValue()).toBe('1500');
    const { email } = newIdentity('guest');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Telegram contact').fill('@e2e_guest');
    await page.getByLabel('Telegram contact').blur();
    await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
    await page.locator('input[name=amlAcknowledged]').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    await page.locator('.order-page').waitFor();
    const orderPath = new URL(page.url()).pathname;
    const applicationId = orderPath.split('/').at(-1)!;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Staff see where the guest came from.
    const seen = await api<{ source: unknown }>('GET', `/api/admin/applications/${applicationId}`, {
      token: admin.token,
    });
    expect(seen.body.data!.source).toMatchObject({
      monitorFrom: 'CARDEUR',
      monitorTo: 'USDTTRC20',
      referrer: `www.${MONITOR}`,
    });

    // Another browser (a mail client's): the mailed link opens the order without a password.
    const mail = await latestMailTo(email);
    const mailTab = await newPage({ language: 'en', width: 375 });
    await mailTab.goto(linkIn(mail.body.text ?? mail.body.html, '/guest/order'));
    await mailTab.waitForURL(siteUrl(orderPath));
    await mailTab.locator('.order-page').waitFor();

    // Later, the password: the link in the same mail, then the order link asks to sign in.
    const later = await newPage({ language: 'en', width: 375 });
    await later.goto(linkIn(mail.body.text ?? mail.body.html, '/reset-password'));
    await waitForApp(later);
    await later.getByLabel('New password', { exact: true }).fill(E2E_PASSWORD);
    await later.getByLabel('Confirm new password', { exact: true }).fill(E2E_PASSWORD);
    await later.getByRole('button', { name: 'Save new password' }).click();
    await later.locator('.alert--success').waitFor();
    const returning = await newPage({ language: 'en', width: 375 });
    await returning.goto(linkIn(mail.body.text ?? mail.body.html, '/guest/order'));
    await returning.waitForURL(siteUrl(`/login?redirectTo=${encodeURIComponent(orderPath)}`));
    await waitForApp(returning);
    await returning.getByLabel('Email or username').fill(email);
    await returning.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await returning.getByRole('button', { name: 'Log in' }).click();
    await returning.waitForURL(siteUrl(orderPath));
    await returning.locator('.order-page').waitFor();

    await partnerPaidForDeal(admin, partner, applicationId);
  });
});

/**
 * The deal completed at the office: its partner's share is in the books (what partners are owed),
 * on their balance and their day; their payout request is paid from an office wallet with a hash
 * the chain shows, and the books and their page say so.
 */
async function partnerPaidForDeal(admin: Session, partner: Session, applicationId: string) {
  for (const status of ['PROCESSING', 'COMPLETED'] as const)
    await ok(
      call(adminChangeApplicationStatus, {
        token: admin.token,
        params: { id: applicationId },
        body: { status },
      }),
      `move to ${status}`,
    );
  const owed = await ok(
    call(adminGetLedgerAccount, { token: admin.token, params: { id: 'partners-USDT' } }),
    'partners book',
  );
  const share = owed.body.data!.postings.find((posting) => posting.applicationId === applicationId);
  expect(share).toMatchObject({ kind: 'partnerShare', reference: partner.user.id });
  const earned = share!.amount.replace('-', '');
  expect(Number(earned)).toBeGreaterThan(0);
  const page = (await call(myPartnerOverview, { token: partner.token })).body.data!;
  expect(page.balance.available).toBe(earned);
  expect(page.days.at(-1)).toMatchObject({ clicks: 1, deals: 1, earned });

  const address = newTronAddress();
  const requested = await call(requestPartnerPayout, {
    token: partner.token,
    body: { amount: earned, address },
  });
  expect(requested.status).toBe(201);
  const payoutId = requested.body.data!.id;
  // A hot wallet the office pays from (no client is given it), and the transfer from it.
  const wallet = newTronAddress();
  const template = await call(adminCreatePaymentTemplate, {
    token: admin.token,
    body: {
      kind: 'usdt',
      label: `e2e payout wallet ${wallet.slice(-6)}`,
      address: wallet,
      availability: 'paused',
    },
  });
  expect(template.status).toBe(201);
  const sent = await tronStandIn('/_local/transfers', { to: address, amount: earned, from: wallet });
  const txId = String(sent.txId);
  await tronStandIn('/_local/solidify');
  const paid = await ok(
    call(adminPayPartnerPayout, { token: admin.token, params: { id: payoutId }, body: { txHash: txId } }),
    'pay the partner',
  );
  expect(paid.body.data).toMatchObject({ status: 'paid', amount: earned });
  const after = (await call(myPartnerOverview, { token: partner.token })).body.data!;
  expect(after.balance).toMatchObject({ available: '0.000000', pending: '0.000000', paid: earned });
  expect(after.payouts[0]).toMatchObject({ id: payoutId, status: 'paid', txHash: txId.toLowerCase() });
  const settled = await ok(
    call(adminGetLedgerAccount, { token: admin.token, params: { id: 'partners-USDT' } }),
    'partners book after',
  );
  expect(
    settled.body.data!.postings.find(
      (posting) => posting.kind === 'partnerPayout' && posting.reference === partner.user.id,
    )?.amount,
  ).toBe(earned);
}

describe('the public rates page', () => {
  it('lists the live directions of a city with their figures and leaves a paused one out', async () => {
    const admin = await logInAsSuperAdmin();
    const staffTable = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
    const paused = staffTable.body.data!.directions.find(
      (d) => d.assetFrom === 'card-GEL' && d.assetTo === 'usdt-trc20',
    )!;
    const { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive, maxRate } = paused;
    const terms = { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive };
    const page = await newPage({ language: 'en', width: 375 });
    const rowOf = (give: string, receive: string) =>
      page.locator('.rates-table tbody tr', { has: page.locator('th', { hasText: give }), hasText: receive });
    const openTbilisi = async () => {
      await page.goto(siteUrl('/rates'));
      await waitForApp(page);
      await citiesLoaded(page, '.rates-page');
      await page.getByLabel('City', { exact: true }).selectOption(TBILISI);
      await page.getByRole('heading', { name: 'Rates in Tbilisi, Georgia' }).waitFor();
      await page.locator('.rates-table').waitFor();
    };

    await openTbilisi();
    expect(await rowOf('Card GEL', 'USDT (TRC-20)').count()).toBe(1);

    try {
      const answer = await api('PUT', '/api/admin/rates', {
        token: admin.token,
        body: { directions: [{ ...terms, maxRate: Number(((paused.rate ?? 1) / 2).toFixed(6)) }] },
      });
      expect(answer.status).toBe(200);
      const published = (await api<PublicRatesData>('GET', '/api/rates')).body.data!.directions;
      await openTbilisi();

      expect(await rowOf('Card GEL', 'USDT (TRC-20)').count()).toBe(0);
      const live = published.filter((d) =>
        [d.assetFrom, d.assetTo].some((asset) => /^(cash|card)-(USD|EUR|RUB|GEL)$/.test(asset)),
      );
      expect(await page.locator('.rates-table tbody tr').count()).toBe(live.length);
      const cash = published.find((d) => d.assetFrom === 'cash-GEL' && d.assetTo === 'usdt-trc20')!;
      const cells = await rowOf('Cash GEL', 'USDT (TRC-20)').locator('td').allInnerTexts();
      expect(cells.map((text) => text.trim())).toEqual([
        'USDT (TRC-20)',
        rate('cash-GEL', 'usdt-trc20', cash.rate!),
        `${money(cash.quoteLimits!.minAmount)} GEL`,
        cash.maxAmount === null ? 'no limit' : `${money(cash.maxAmount)} GEL`,
        cash.reserve === null ? 'no limit' : `${money(cash.reserve)} USDT`,
        expect.stringMatching(/\d{1,2}:\d{2}/),
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    } finally {
      const restored = await api('PUT', '/api/admin/rates', {
        token: admin.token,
        body: { directions: [{ ...terms, maxRate }] },
      });
      expect(restored.status).toBe(200);
    }
  });
});
