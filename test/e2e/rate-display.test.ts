import type { Quote } from '@shared/contract/rates';
import { rateText, writeMoney } from '@shared/rate-display';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { mailsTo, outboxSettled } from '../support/mail';
import { createApplication } from './support/admin-data';
import { logInAsSuperAdmin, openAs, registerVerifiedUser } from './support/admin-session';
import { type Language, screenshot, siteUrl, useBrowser, waitForApp } from './support/browser';

/**
 * Rates, amounts and maintenance as a visitor and a client meet them: one RUB → USDT application
 * reads alike in the landing page's calculator, the mail and the order page ("1 USDT = 93,58 RUB",
 * the amount at the shown decimals), in both languages at 375 and 1280 px; the calculator refuses
 * an amount with too many decimals; in maintenance the calculator and /rates show staff's message.
 * The maintenance switch is restored afterwards (e2e files run one at a time).
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const BERLIN = 'europe.germany.berlin';
const PAIR = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' } as const;
const AMOUNT = 50_000;
const WIDTHS = [375, 1280] as const;
const LANGUAGES: Language[] = ['ru', 'en'];

async function openCalculator(page: Page) {
  await page.goto(siteUrl('/'));
  await waitForApp(page);
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('.calc select[name=city]');
    return select && !select.disabled && select.options.length > 1;
  });
  await page.locator('.calc select[name=city]').selectOption(BERLIN);
  await page.locator('.calc select[name=assetFrom]').selectOption(PAIR.assetFrom);
}

describe('one application, one way to read it', () => {
  it('shows the same rate and amounts in the calculator, the mail and the order page', async () => {
    const owner = await registerVerifiedUser('ratesame');
    const quote = await api<Quote>('POST', '/api/rates/calculate', { body: { ...PAIR, amount: AMOUNT } });
    expect(quote.status).toBe(200);
    const application = await createApplication(owner, { ...PAIR, amount: AMOUNT });
    // The quote the application was made at is the calculator's (the stand-in market holds still).
    expect(application.rate!.rate).toBe(quote.body.data!.rate);
    await outboxSettled();
    const [mail] = (await mailsTo(owner.email)).filter((m) => m.body.text?.includes(application.id));

    for (const language of LANGUAGES) {
      const rate = rateText(PAIR.assetFrom, PAIR.assetTo, application.rate!.rate, language)!;
      const receives = writeMoney(application.amountTo!, language);
      // The expensive currency is the unit: never "1 RUB = 0,0106… USDT".
      expect(rate).toMatch(/^1 USDT = \d+[,.]\d\d RUB$/);
      if (language === 'ru') {
        // The owner's mail is in the owner's language (ru by default).
        expect(mail!.body.text).toContain(rate);
        expect(mail!.body.text).toContain(`${receives} USDT (TRC-20)`);
      }
      // One page per language, resized from width to width (a reload at each: what a visitor opens).
      const page = await newPage({ language });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await openCalculator(page);
        await page.locator('.calc input[name=amount]').fill(String(AMOUNT));
        await page.locator('.calc .quote__receive').waitFor();
        expect((await page.locator('.calc .quote__rate').textContent())?.trim()).toBe(rate);
        expect((await page.locator('.calc .quote__receive').textContent())?.trim()).toBe(
          `≈ ${receives} USDT`,
        );
        await screenshot(page, `rate-display/calculator-${language}-${width}`);

        await openAs(page, owner, `/applications/${application.id}`);
        await page.locator('.order-summary__rate').waitFor();
        expect((await page.locator('.order-summary__rate').textContent())?.trim()).toBe(rate);
        expect(await page.locator('.order-summary').textContent()).toContain(`${receives} USDT (TRC-20)`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await screenshot(page, `rate-display/order-${language}-${width}`);
      }
    }
  });

  it('refuses an amount with more decimals than RUB has, and quotes nothing for it', async () => {
    const page = await newPage({ language: 'en', width: 375 });
    await openCalculator(page);
    await page.locator('.calc input[name=amount]').fill('100000.123');
    await page.getByText('The amount may have at most 2 decimal places.').waitFor();
    expect(await page.locator('.calc .quote__receive').count()).toBe(0);
    await screenshot(page, 'rate-display/calculator-decimals-en-375');
  });
});

describe('maintenance where visitors look at rates', () => {
  it("shows staff's message in the calculator and on /rates", async () => {
    const admin = await logInAsSuperAdmin();
    const setMaintenance = async (active: boolean) => {
      const message = active ? { ru: 'Вернёмся к полудню.', en: 'Back by noon.' } : { ru: '', en: '' };
      const answer = await api('PUT', '/api/admin/geo/maintenance', {
        token: admin.token,
        body: { active, message },
      });
      expect(answer.status).toBe(200);
    };
    await setMaintenance(true);
    try {
      for (const language of LANGUAGES) {
        const words = language === 'ru' ? 'Вернёмся к полудню.' : 'Back by noon.';
        const page = await newPage({ language });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await openCalculator(page);
          await page.locator('.calc input[name=amount]').fill('20000');
          await page.locator('.calc').getByText(words).waitFor();
          expect(await page.locator('.calc').textContent()).not.toMatch(
            /Сейчас не удаётся|cannot be calculated/,
          );
          await screenshot(page, `rate-display/calculator-maintenance-${language}-${width}`);

          await page.goto(siteUrl('/rates'));
          await waitForApp(page);
          await page.locator('.rates-page').getByText(words).waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
          await screenshot(page, `rate-display/rates-maintenance-${language}-${width}`);
        }
      }
    } finally {
      await setMaintenance(false);
    }
  });
});
