import type { RateProviderStandIns } from '@infra/local/rate-providers';
import { startRateProviderStandIns } from '@infra/local/rate-providers';
import type { DirectionRate, RatesData } from '@shared/contract/rates';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../../support/api';
import { logInAsSuperAdmin, openAs, type Session } from '../support/admin-session';
import { useBrowser } from '../support/browser';

/**
 * The admin exchange-rates page with a live and a paused direction: card EUR → USDT
 * follows the market (the rates job, run here once against stand-ins of its providers, writes its
 * prices into the e2e table), card RUB → USDT is paused by a rate guard below its rate. Both are
 * put back as the seed made them for the other e2e files.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const LIVE = { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
const PAUSED = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };
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
    [LIVE, PAUSED].some((pair) => pair.assetFrom === d.assetFrom && pair.assetTo === d.assetTo),
  );
  const [live, paused] = [LIVE, PAUSED].map((pair) => seeded.find((d) => d.assetFrom === pair.assetFrom)!);
  const changed = await putDirections([
    { ...terms(live!), source: 'feed' },
    { ...terms(paused!), maxRate: paused!.rate! / 2 },
  ]);
  expect(changed.status).toBe(200);
  const { refreshFeedPrices } = await import('@functions/domain/rates/feed');
  const run = await refreshFeedPrices(new Date(), {
    cryptoUrl: providers.cryptoUrl,
    fiatUrl: providers.fiatUrl,
    timeoutMs: 3000,
  });
  expect(run.failures).toEqual([]);
});

afterAll(async () => {
  await putDirections(
    seeded.map((direction) => ({
      ...terms(direction),
      source: direction.source,
      minRate: direction.minRate,
      maxRate: direction.maxRate,
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
