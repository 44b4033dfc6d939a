import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type RateProviderStandIns, startRateProviderStandIns } from '@infra/local/rate-providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterConsumedCapacity } from '../../support/consumed-capacity';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The rates job against stand-ins of its providers, on a table of this file's own (it switches
 * directions to the feed, which the other files quote manually), so functions/ modules are
 * imported only dynamically, after the table exists. The clock is injected: each run
 * and each quote is given its `now`.
 */
let drop: () => Promise<void>;
let providers: RateProviderStandIns;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  feed: await import('@functions/domain/rates/feed'),
  rates: await import('@functions/domain/rates/rates'),
  client: await import('@functions/data/client'),
  seed: await import('@functions/seed/rates-data'),
  routes: await import('@functions/routes/manifest'),
});

const MINUTE = 60_000;
const admin = { id: 'feed-test-admin', role: 'ADMIN' as const };
const start = Date.parse('2030-01-01T12:00:00.000Z');
const at = (minutes: number) => new Date(start + minutes * MINUTE);
const config = () => ({ cryptoUrl: providers.cryptoUrl, fiatUrl: providers.fiatUrl, timeoutMs: 1000 });
const run = (minutes: number, overrides = {}) =>
  m.feed.refreshFeedPrices(at(minutes), { ...config(), ...overrides });

const eurToUsdt = { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
const usdtToEur = { assetFrom: 'usdt-trc20', assetTo: 'card-EUR' };
const feedTerms = { markupPercent: 2, source: 'feed' as const, maxAgeMinutes: 10, isActive: true };

/** A currency's price history items (pattern 21), oldest first. */
const history = async (code: string) => {
  const { Items } = await m.client.db.send(
    new QueryCommand({
      TableName: m.client.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `RATEHIST#${code}` },
      ProjectionExpression: 'sk, usdValue, previousUsdValue, provider',
    }),
  );
  return Items;
};

const directionOf = async (minutes: number, pair: { assetFrom: string; assetTo: string }) =>
  (await m.rates.allRates(at(minutes))).directions.find(
    (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
  )!;

beforeAll(async () => {
  drop = await createIsolatedTable('feed');
  m = await modules();
  providers = await startRateProviderStandIns({ ...m.seed.SEED_USD_VALUES, USDT: 0.9995, EUR: 1.1 });
  await m.rates.putRates(
    {
      currencies: [],
      directions: [
        { ...eurToUsdt, ...feedTerms },
        { ...usdtToEur, ...feedTerms },
      ],
    },
    admin,
  );
});

afterAll(async () => {
  await providers.stop();
  await drop();
});

describe('the rates job', () => {
  it('runs every minute from the manifest', () => {
    expect(m.routes.jobs.refreshRates).toMatchObject({
      handler: 'jobs/refresh-rates',
      schedule: 'rate(1 minute)',
    });
  });

  it('prices feed directions from the providers plus the markup, and leaves manual ones alone', async () => {
    const first = await run(0);
    expect(first.changed.sort()).toEqual(['EUR', 'USDT']);
    expect(first.failures).toEqual([]);
    const direction = await directionOf(0, eurToUsdt);
    expect(direction).toMatchObject({ source: 'feed', state: 'live', pausedReason: null });
    expect(direction.rawPrice).toBeCloseTo(1.1 / 0.9995, 8);
    expect(direction.rate).toBeCloseTo((1.1 / 0.9995) * 0.98, 8);
    const quote = await m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(1));
    expect(quote).toMatchObject({
      source: 'feed',
      rate: direction.rate,
      usdValueFrom: 1.1,
      usdValueTo: 0.9995,
    });
    // A manual direction keeps staff's value of EUR (the seed's 1.08), not the feed's.
    expect((await directionOf(0, { assetFrom: 'cash-EUR', assetTo: 'usdt-trc20' })).rawPrice).toBeCloseTo(
      1.08,
      8,
    );
  });

  it('writes nothing when nothing changed, and one price and one history item per changed currency', async () => {
    const meter = meterConsumedCapacity(m.client.db);
    meter.reset();
    const unchanged = await run(1);
    expect(unchanged).toMatchObject({ changed: [], confirmed: [], writes: 0 });
    const readsOnly = meter.capacity;

    providers.setUsdValue('EUR', 1.12);
    meter.reset();
    const moved = await run(2);
    expect(moved).toMatchObject({ changed: ['EUR'], writes: 2 });
    // Two 1-KB puts (price and history) on top of the run's reads.
    expect(meter.capacity - readsOnly).toBeCloseTo(2, 5);
    expect((await m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(3))).usdValueFrom).toBe(1.12);
  });

  it('records every change so that a quote can be explained later', async () => {
    expect(await history('EUR')).toEqual([
      { sk: at(0).toISOString(), usdValue: 1.1, previousUsdValue: null, provider: 'fiat-reference' },
      { sk: at(2).toISOString(), usdValue: 1.12, previousUsdValue: 1.1, provider: 'fiat-reference' },
    ]);
  });

  it('re-confirms an unchanged price once its confirmation is 5 minutes old, without history', async () => {
    const confirmed = await run(7);
    expect(confirmed).toMatchObject({ changed: [], writes: 2 });
    expect(confirmed.confirmed.sort()).toEqual(['EUR', 'USDT']);
    expect(await history('EUR')).toHaveLength(2);
  });

  it('pauses a direction whose rate leaves its guard, and says so to staff and to the quote', async () => {
    await m.rates.putRates(
      { currencies: [], directions: [{ ...eurToUsdt, ...feedTerms, maxRate: 1 }] },
      admin,
    );
    expect(await directionOf(8, eurToUsdt)).toMatchObject({ state: 'paused', pausedReason: 'out-of-guard' });
    await expect(m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(8))).rejects.toThrow(/outside the limits/);
    await m.rates.putRates(
      { currencies: [], directions: [{ ...eurToUsdt, ...feedTerms, maxRate: null }] },
      admin,
    );
    expect((await directionOf(8, eurToUsdt)).state).toBe('live');
  });

  it('a provider that does not answer in time fails the run for its prices only', async () => {
    const slow = await import('node:http').then(({ createServer }) => createServer(() => {}));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.address() as { port: number }).port;
    const began = Date.now();
    const result = await run(9, { fiatUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    slow.closeAllConnections();
    slow.close();
    expect(Date.now() - began).toBeLessThan(3000);
    expect(result.failures).toEqual(['fiat-reference: timed out']);
    expect(result.writes).toBe(0);
  });

  it('with the providers stopped, pauses the direction past its maximum age and quotes nothing', async () => {
    await providers.stop();
    const failed = await run(11);
    expect(failed.failures).toHaveLength(2);
    expect(failed.writes).toBe(0);
    // Confirmed at minute 7, maximum age 10: still live at 17, paused after.
    expect((await directionOf(17, eurToUsdt)).state).toBe('live');
    expect(await directionOf(17.1, eurToUsdt)).toMatchObject({ state: 'paused', pausedReason: 'stale' });
    await expect(m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(17.1))).rejects.toMatchObject({
      name: 'DirectionPaused',
      refusal: 'no-rate',
      message: expect.stringMatching(/paused because its market price is out of date/),
    });
    const published = await m.rates.publishedRates(at(17.1));
    expect(published.directions.some((d) => d.assetFrom === 'card-EUR' && d.assetTo === 'usdt-trc20')).toBe(
      false,
    );
    expect(published.directions.some((d) => d.assetFrom === 'cash-EUR' && d.assetTo === 'usdt-trc20')).toBe(
      true,
    );
  });
});
