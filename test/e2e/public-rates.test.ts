import type { PublicRatesData, Quote, RatesData } from '@shared/contract/rates';
import { rateText } from '@shared/rate-display';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { latestMailTo } from '../support/mail';
import { E2E_PASSWORD, logInAsSuperAdmin } from './support/admin-session';
import { siteUrl, useBrowser, waitForApp } from './support/browser';
import { linkIn, newIdentity } from './support/ui-account';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** The landing page's quote calculator and the public rates page, as a visitor meets them. */

const BERLIN = 'europe.germany.berlin';
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
  it("takes a visitor from a monitor's link through a guest application on a phone, the mailed order link and a password set later", async () => {
    const page = await newPage({ language: 'en', width: 375 });
    // BestChange's link names the direction in its codes; the visit keeps them as its source.
    await page.goto(siteUrl('/?cur_from=CARDEUR&cur_to=USDTTRC20'));
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
    const admin = await logInAsSuperAdmin();
    const seen = await api<{ source: unknown }>('GET', `/api/admin/applications/${applicationId}`, {
      token: admin.token,
    });
    expect(seen.body.data!.source).toMatchObject({ monitorFrom: 'CARDEUR', monitorTo: 'USDTTRC20' });

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
  });
});

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
