import type { RateProviderStandIns } from '@infra/local/rate-providers';
import { startRateProviderStandIns } from '@infra/local/rate-providers';
import type { DirectionRate, RatesData } from '@shared/contract/rates';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../../support/api';
import { logInAsSuperAdmin, openAs, type Session } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

/**
 * The admin exchange-rates page with a live and a paused direction: card EUR → USDT
 * follows the market (the rates job, run here once against stand-ins of its providers, writes its
 * prices into the e2e table), card RUB → USDT is paused by a rate guard below its rate, and USDT →
 * card RUB is priced from the median of EXMO's market and the Bank of Russia's rate times 1.015.
 * All are put back as the seed made them for the other e2e files. Screenshots (E2E_SCREENSHOTS=1)
 * of the RUB directions and the market price's form at 375 and 1280 px in ru and en.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const LIVE = { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
const PAUSED = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };
const MARKET = { assetFrom: 'usdt-trc20', assetTo: 'card-RUB' };
let admin: Session;
let providers: RateProviderStandIns;
let seeded: DirectionRate[];

const terms = ({ assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive }: DirectionRate) => ({
  assetFrom,
  assetTo,
  markupPercent,
  minAmount,
  maxAmount,
  isActive,
});
const putDirections = (directions: unknown[]) =>
  api<{ rates: RatesData }>('PUT', '/api/admin/rates', { token: admin.token, body: { directions } });

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  const stack = inject('localStack');
  // The rates job runs in this process against the e2e table, as Lambda would against the real one.
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    LOG_LEVEL: 'SILENT',
  });
  const { SEED_USD_VALUES } = await import('@functions/seed/rates-data');
  providers = await startRateProviderStandIns(SEED_USD_VALUES);
  const table = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
  seeded = table.body.data!.directions.filter((d) =>
    [LIVE, PAUSED, MARKET].some((pair) => pair.assetFrom === d.assetFrom && pair.assetTo === d.assetTo),
  );
  const [live, paused, market] = [LIVE, PAUSED, MARKET].map(
    (pair) => seeded.find((d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo)!,
  );
  const changed = await putDirections([
    { ...terms(live!), source: 'feed' },
    { ...terms(paused!), maxRate: paused!.rate! / 2 },
    {
      ...terms(market!),
      source: 'feed',
      marketPrice: { sources: ['usdt-market', 'central-bank'], coefficient: '1.015' },
    },
  ]);
  expect(changed.status).toBe(200);
  const { refreshFeedPrices } = await import('@functions/domain/rates/feed');
  const run = await refreshFeedPrices(new Date(), { ...providers.urls, timeoutMs: 3000 });
  expect(run.failures).toEqual([]);
});

afterAll(async () => {
  await putDirections(
    seeded.map((direction) => ({
      ...terms(direction),
      source: direction.source,
      minRate: direction.minRate,
      maxRate: direction.maxRate,
      marketPrice: direction.marketPrice,
    })),
  );
  await providers?.stop();
});

describe('the admin exchange-rates page', () => {
  it('shows a market direction live with its raw price and a guarded one paused with why', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/exchange-rates');
    const row = (name: string) => page.locator('tr', { has: page.locator('th', { hasText: name }) });

    // The table shows a page of directions at a time; the currency filter brings each one up.
    const showCurrency = (code: string) =>
      page.locator('form.filters').getByLabel('Currency').selectOption(code);

    await showCurrency('EUR');
    const live = row('Card EUR → USDT');
    await live.waitFor();
    expect(await live.locator('.badge', { hasText: 'Live' }).count()).toBe(1);
    expect(await live.getByText('Market feed').count()).toBe(1);
    expect(await live.getByText(/^Raw price /).count()).toBe(1);

    await showCurrency('RUB');
    const paused = row('Card RUB → USDT');
    await paused.waitFor();
    expect(await paused.getByText('Paused: rate outside its limits').count()).toBe(1);

    // A manual direction beside them keeps its own state.
    await showCurrency('USD');
    const manual = row('Card USD → USDT');
    await manual.waitFor();
    expect(await manual.locator('.badge', { hasText: 'Manual' }).count()).toBe(1);
  });
});

describe('the directions table at 1024, 1280 and 375 px', () => {
  it.each<['ru' | 'en', number]>([
    ['ru', 1280],
    ['ru', 1024],
    ['ru', 375],
    ['en', 1280],
    ['en', 1024],
  ])('cuts nothing and lets nothing overlap (%s, %i px)', async (language, width) => {
    const page = await newPage({ language, width });
    await openAs(page, admin, '/admin/exchange-rates');
    const table = page.locator('.rates-directions .data-table');
    await table.locator('tbody tr').first().waitFor();
    // A cell whose content is wider than the cell spills into its neighbour (its badges, its figures).
    const cut = await table.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>('th, td, th > *, td > *')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map(
          (cell) =>
            `${cell.tagName.toLowerCase()}.${cell.className}: ${cell.textContent?.trim().slice(0, 40)}`,
        ),
    );
    expect(cut).toEqual([]);
  });
});

describe('a RUB direction priced from the RUB market and the central bank', () => {
  it.each<['ru' | 'en', number, string]>([
    ['en', 1280, 'Follows the market feed: 1.015 × median (EXMO market, Bank of Russia rate)'],
    ['en', 375, 'Follows the market feed: 1.015 × median (EXMO market, Bank of Russia rate)'],
    ['ru', 1280, 'Следует за биржевым курсом: 1,015 × медиана (Биржа EXMO, Курс Банка России)'],
    ['ru', 375, 'Следует за биржевым курсом: 1,015 × медиана (Биржа EXMO, Курс Банка России)'],
  ])('states its market price and edits it (%s, %i px)', async (language, width, pricing) => {
    const page = await newPage({ language, width });
    await openAs(page, admin, '/admin/exchange-rates');
    await page.locator('form.filters select').first().selectOption('RUB');
    const row = page.locator('tr', { has: page.getByText(pricing) });
    await row.waitFor();
    expect(await row.locator('.badge', { hasText: language === 'en' ? 'Live' : 'Работает' }).count()).toBe(1);
    await screenshot(page, `admin-rates-market-${language}-${width}`);

    await row.getByRole('button').last().click();
    const form = page.locator('fieldset.rate-edit');
    const sources = form.locator('fieldset.rate-edit__market input[type=checkbox]');
    expect(
      await sources.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)),
    ).toEqual([false, true, true]);
    expect(await form.getByLabel(language === 'en' ? 'Coefficient' : 'Коэффициент').inputValue()).toBe(
      language === 'en' ? '1.015' : '1,015',
    );
    await screenshot(page, `admin-rates-market-edit-${language}-${width}`);
  });
});
