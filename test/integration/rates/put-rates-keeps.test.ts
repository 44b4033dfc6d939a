import { readFileSync } from 'node:fs';
import { type RateProviderStandIns, startRateProviderStandIns } from '@infra/local/rate-providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The admin rates PUT changes only what it names, and a direction switched
 * to the feed is priced at once. On a table of this file's own (it switches EUR and RUB directions
 * to the feed, which the shared stack's files quote manually), so functions/ modules are imported
 * only dynamically, after the table exists; the seed's directions are all manual.
 */
let drop: () => Promise<void>;
let providers: RateProviderStandIns;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  feed: await import('@functions/domain/rates/feed'),
  rates: await import('@functions/domain/rates/rates'),
  ratesData: await import('@functions/data/rates'),
  contract: await import('@shared/contract/rates'),
  seed: await import('@functions/seed/rates-data'),
});

const admin = { id: 'put-rates-test-admin', role: 'ADMIN' as const };

beforeAll(async () => {
  drop = await createIsolatedTable('put-rates');
  m = await modules();
  providers = await startRateProviderStandIns({ ...m.seed.SEED_USD_VALUES, USDT: 0.9995, RUB: 0.0105 });
});

afterAll(async () => {
  await providers?.stop();
  await drop?.();
});

const config = () => ({ ...providers.urls, timeoutMs: 1000 });

describe('a direction switched to the feed', () => {
  it('is live in the answer of the PUT that switches it, though no direction followed the market before', async () => {
    const rubToUsdt = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };
    const table = await m.ratesData.readRatesTable();
    expect(table.directions.some((direction) => direction.source === 'feed')).toBe(false);

    // The job's run before the switch keeps the market price of every currency the directions use.
    const run = await m.feed.refreshFeedPrices(new Date(), config());
    expect(run.failures).toEqual([]);
    const feed = (await m.ratesData.readRatesTable()).feed.map((price) => price.code);
    expect(feed).toEqual(expect.arrayContaining(['RUB', 'USDT', 'EUR']));

    const answer = await m.rates.putRates(
      m.contract.putRatesBodySchema.parse({ directions: [{ ...rubToUsdt, source: 'feed' }] }),
      admin,
    );
    const switched = answer.rates.directions.find(
      (d) => d.assetFrom === rubToUsdt.assetFrom && d.assetTo === rubToUsdt.assetTo,
    )!;
    expect(switched).toMatchObject({ source: 'feed', state: 'live', pausedReason: null });
    expect(switched.rawPrice).toBeCloseTo(0.0105 / 0.9995, 6);
  });
});

describe("PUT /api/admin/rates with the README's example", () => {
  /** The body README.md "Rates that follow the market" gives, read from the README itself. */
  const readmeBody = () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const example = /`PUT \/api\/admin\/rates` \(`(\{[^`]+\})`\)/.exec(readme.replace(/\n/g, ' '));
    expect(example).not.toBeNull();
    return JSON.parse(example![1]!) as { directions: Array<Record<string, unknown>> };
  };
  const eurToUsdt = { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
  const direction = async () =>
    (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === eurToUsdt.assetFrom && d.assetTo === eurToUsdt.assetTo,
    )!;

  it('keeps the limits, the minimum guard and the active switch it omits', async () => {
    const body = readmeBody();
    expect(body.directions[0]).toMatchObject({ ...eurToUsdt, source: 'feed', maxRate: 1.2 });
    expect(Object.keys(body.directions[0]!).sort()).toEqual(
      ['assetFrom', 'assetTo', 'markupPercent', 'maxRate', 'source'].sort(),
    );
    await m.rates.putRates(
      m.contract.putRatesBodySchema.parse({
        directions: [
          { ...eurToUsdt, markupPercent: 2, minAmount: 50, maxAmount: 20_000, minRate: 0.9, isActive: false },
        ],
      }),
      admin,
    );

    await m.rates.putRates(m.contract.putRatesBodySchema.parse(body), admin);

    expect(await direction()).toMatchObject({
      source: 'feed',
      markupPercent: 1.5,
      maxRate: 1.2,
      minRate: 0.9,
      minAmount: 50,
      maxAmount: 20_000,
      isActive: false,
    });
  });

  it('still clears a limit given as null, and takes the markup as kept when omitted', async () => {
    await m.rates.putRates(
      m.contract.putRatesBodySchema.parse({
        directions: [{ ...eurToUsdt, minAmount: null, isActive: true }],
      }),
      admin,
    );
    expect(await direction()).toMatchObject({
      markupPercent: 1.5,
      minAmount: null,
      maxAmount: 20_000,
      isActive: true,
    });
  });
});
