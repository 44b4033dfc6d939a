import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type RateProviderStandIns, startRateProviderStandIns } from '@infra/local/rate-providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { meterConsumedCapacity } from '../../support/consumed-capacity';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The rates job against stand-ins of its providers, on a table of this file's own (it switches
 * directions to the feed, which the other files quote manually), so functions/ modules are
 * imported only dynamically, after the table exists. The clock is injected: each run and each
 * quote is given its `now`, and the stand-ins answer with the same time. Each test works on a day
 * of its own, so the provider calls of one are long past their intervals in the next.
 */
let drop: () => Promise<void>;
let providers: RateProviderStandIns;
let m: Awaited<ReturnType<typeof modules>>;
/** What the stand-ins take as now (their Date header, the fiat feed's day). */
let standInNow = new Date(0);

const modules = async () => ({
  feed: await import('@functions/domain/rates/feed'),
  rates: await import('@functions/domain/rates/rates'),
  ratesData: await import('@functions/data/rates'),
  client: await import('@functions/data/client'),
  seed: await import('@functions/seed/rates-data'),
  routes: await import('@functions/routes/manifest'),
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const admin = { id: 'feed-test-admin', role: 'ADMIN' as const };
/** Minute `minutes` of test day `day` (days from 2030-01-01, each starting at noon UTC). */
const clockOf =
  (day: number) =>
  (minutes = 0) =>
    new Date(Date.parse('2030-01-01T12:00:00.000Z') + day * 24 * HOUR + minutes * MINUTE);
const config = () => ({ ...providers.urls, timeoutMs: 1000 });
/** One run of the job at `now`; the stand-ins answer at `answeredAt` (default: `now`). */
const run = (now: Date, overrides: { fiatUrl?: string; timeoutMs?: number; answeredAt?: Date } = {}) => {
  const { answeredAt, ...configOverrides } = overrides;
  standInNow = answeredAt ?? now;
  return m.feed.refreshFeedPrices(now, { ...config(), ...configOverrides });
};

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
      ProjectionExpression: 'sk, usdValue, previousUsdValue, provider, asOf',
    }),
  );
  return Items ?? [];
};

const feedPrice = async (code: string) =>
  (await m.ratesData.readRatesTable()).feed.find((price) => price.code === code);

const directionOf = async (now: Date, pair: { assetFrom: string; assetTo: string }) =>
  (await m.rates.allRates(now)).directions.find(
    (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
  )!;

/** The values of the metric `name` in the EMF lines `act` writes (LOG_LEVEL=INFO while it runs). */
async function metricValues(name: string, act: () => Promise<unknown>): Promise<unknown[]> {
  vi.stubEnv('LOG_LEVEL', 'INFO');
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  // The run's warnings (a provider refused) are not what is looked at here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await act();
    return log.mock.calls
      .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
      .filter((line) => line._aws !== undefined && name in line)
      .map((line) => line[name]);
  } finally {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  }
}

beforeAll(async () => {
  drop = await createIsolatedTable('feed');
  m = await modules();
  providers = await startRateProviderStandIns(
    { ...m.seed.SEED_USD_VALUES, USDT: 0.9995, EUR: 1.1 },
    { clock: () => standInNow },
  );
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

beforeEach(() => {
  providers.refuse('crypto', null);
  providers.refuse('fiat', null);
  providers.pinFiatUpdate(null);
  providers.setUsdValue('USDT', 0.9995);
  providers.setUsdValue('EUR', 1.1);
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
    const at = clockOf(0);
    const first = await run(at(0));
    expect(first.changed).toEqual(expect.arrayContaining(['EUR', 'USDT']));
    expect(first.failures).toEqual([]);
    const direction = await directionOf(at(0), eurToUsdt);
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
    expect((await directionOf(at(0), { assetFrom: 'cash-EUR', assetTo: 'usdt-trc20' })).rawPrice).toBeCloseTo(
      1.08,
      8,
    );
  });

  it('keeps the price of every currency a direction uses, so a direction switched to the feed is priced at once', async () => {
    const at = clockOf(1);
    const rubToUsdt = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };
    const manual = await directionOf(at(0), rubToUsdt);
    await run(at(0));

    await m.rates.putRates({ currencies: [], directions: [{ ...rubToUsdt, ...feedTerms }] }, admin);
    try {
      expect(await directionOf(at(1), rubToUsdt)).toMatchObject({ source: 'feed', state: 'live' });
    } finally {
      const { markupPercent, minAmount, maxAmount, isActive } = manual;
      await m.rates.putRates(
        {
          currencies: [],
          directions: [{ ...rubToUsdt, markupPercent, minAmount, maxAmount, isActive, source: 'manual' }],
        },
        admin,
      );
    }
  });

  it('writes one price and one history item per moved currency, and no price when nothing moved', async () => {
    const at = clockOf(2);
    await run(at(0));
    const meter = meterConsumedCapacity(m.client.db);

    meter.reset();
    const unchanged = await run(at(1));
    const unchangedUnits = meter.writeUnits;
    providers.setUsdValue('USDT', 0.999);
    meter.reset();
    const moved = await run(at(2));

    expect(unchanged).toMatchObject({ changed: [], confirmed: [], writes: 0, called: ['crypto-ticker'] });
    // The one write of an unchanged run is the ticker's call being claimed.
    expect(unchangedUnits).toBeCloseTo(1, 5);
    expect(moved).toMatchObject({ changed: ['USDT'], writes: 2 });
    // Two 1-KB puts (price and history) on top of that claim.
    expect(meter.writeUnits - unchangedUnits).toBeCloseTo(2, 5);
    expect((await m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(3))).usdValueTo).toBe(0.999);
  });

  it('records every change, keyed by when the job learned it, so that a quote can be explained later', async () => {
    const at = clockOf(3);
    await run(at(0));
    providers.setUsdValue('USDT', 0.9985);
    await run(at(1));

    expect((await history('USDT')).at(-1)).toEqual({
      sk: at(1).toISOString(),
      usdValue: 0.9985,
      previousUsdValue: 0.9995,
      provider: 'crypto-ticker',
      asOf: at(1).toISOString(),
    });
  });

  it("re-confirms an unchanged price once its provider's time for it is 5 minutes on, without history", async () => {
    const at = clockOf(4);
    await run(at(0));
    const changes = (await history('USDT')).length;

    const early = await run(at(4));
    const confirmed = await run(at(5));

    expect(early.confirmed).toEqual([]);
    expect(confirmed).toMatchObject({ changed: [], confirmed: ['USDT'], writes: 1 });
    expect(await history('USDT')).toHaveLength(changes);
  });

  it("takes the fiat reference's own update time as a price's asOf, not the time it was fetched", async () => {
    const at = clockOf(5);
    providers.pinFiatUpdate(at(-3 * 60));

    await run(at(0));

    expect(await feedPrice('EUR')).toMatchObject({
      provider: 'fiat-reference',
      asOf: at(-3 * 60).toISOString(),
    });
  });

  it("takes the crypto ticker's answer time, its Date header, as a price's asOf", async () => {
    const at = clockOf(6);

    await run(at(0), { answeredAt: new Date(at(0).getTime() + 20_000) });

    expect(await feedPrice('USDT')).toMatchObject({
      provider: 'crypto-ticker',
      asOf: new Date(at(0).getTime() + 20_000).toISOString(),
    });
  });

  it('calls the fiat reference at most once an hour and the crypto ticker every minute, however often the job runs', async () => {
    const at = clockOf(7);
    const before = { ...providers.requests };

    for (let minute = 0; minute <= 150; minute += 1) await run(at(minute));

    expect(providers.requests.fiat - before.fiat).toBe(3);
    expect(providers.requests.crypto - before.crypto).toBe(151);
  });

  it('counts a failed call as a call: a failing fiat reference is asked again only after its hour', async () => {
    const at = clockOf(8);
    providers.refuse('fiat', 503);
    const before = providers.requests.fiat;

    const failed = await run(at(0));
    providers.refuse('fiat', null);
    const within = await run(at(59));
    await run(at(60));

    expect(failed.failures).toEqual(['fiat-reference: answered 503']);
    expect(within.skipped).toEqual(['fiat-reference']);
    expect(providers.requests.fiat - before).toBe(2);
  });

  it('backs off a 429 without Retry-After for 20 minutes beyond the hour', async () => {
    const at = clockOf(9);
    providers.refuse('fiat', 429);
    const before = providers.requests.fiat;

    const throttled = await run(at(0));
    providers.refuse('fiat', null);
    await run(at(60));
    await run(at(79));
    const afterFirst = providers.requests.fiat - before;
    await run(at(80));

    expect(throttled.failures).toEqual(['fiat-reference: answered 429']);
    expect(afterFirst).toBe(1);
    expect(providers.requests.fiat - before).toBe(2);
  });

  it("honours a 429's Retry-After beyond the hour", async () => {
    const at = clockOf(10);
    providers.refuse('fiat', 429, { 'Retry-After': String(2 * 3600) });
    const before = providers.requests.fiat;

    await run(at(0));
    providers.refuse('fiat', null);
    await run(at(179));
    const afterFirst = providers.requests.fiat - before;
    await run(at(180));

    expect(afterFirst).toBe(1);
    expect(providers.requests.fiat - before).toBe(2);
  });

  it('a provider that does not answer in time fails the run for its prices only', async () => {
    const at = clockOf(11);
    const slow = await import('node:http').then(({ createServer }) => createServer(() => {}));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.address() as { port: number }).port;
    const began = Date.now();
    const result = await run(at(0), { fiatUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    slow.closeAllConnections();
    slow.close();
    expect(Date.now() - began).toBeLessThan(3000);
    expect(result.failures).toEqual(['fiat-reference: timed out']);
    // The ticker's price, a day on, is confirmed all the same.
    expect(result.confirmed).toEqual(['USDT']);
  });

  it('keeps a direction fed by a fiat price updated 3 hours ago live', async () => {
    const at = clockOf(12);
    providers.pinFiatUpdate(at(-3 * 60));

    await run(at(0));

    expect(await directionOf(at(0), eurToUsdt)).toMatchObject({
      state: 'live',
      pausedReason: null,
      priceAsOf: at(-3 * 60).toISOString(),
    });
  });

  it("pauses a direction once its fiat price's update is more than the reference's 26 hours old", async () => {
    const at = clockOf(13);
    providers.pinFiatUpdate(at(-26 * 60));

    await run(at(0));
    await run(at(1));

    expect((await directionOf(at(0), eurToUsdt)).state).toBe('live');
    expect(await directionOf(at(1), eurToUsdt)).toMatchObject({ state: 'paused', pausedReason: 'stale' });
    await expect(m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(1))).rejects.toThrow(
      /paused because its market price is out of date/,
    );
  });

  it('pauses a direction whose crypto price is older than its maxAgeMinutes, and quotes nothing', async () => {
    const at = clockOf(14);
    await run(at(0));
    providers.refuse('crypto', 503);

    const failed = await run(at(10));
    const justOver = new Date(at(10).getTime() + 1000);

    expect(failed.failures).toEqual(['crypto-ticker: answered 503']);
    expect((await directionOf(at(10), eurToUsdt)).state).toBe('live');
    expect(await directionOf(justOver, eurToUsdt)).toMatchObject({ state: 'paused', pausedReason: 'stale' });
    await expect(m.rates.quote('card-EUR', 'usdt-trc20', 1000, justOver)).rejects.toMatchObject({
      code: 'MarketPriceStale',
      params: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' },
      refusal: 'no-rate',
      message: expect.stringMatching(/paused because its market price is out of date/),
    });
    const published = await m.rates.publishedRates(justOver);
    expect(published.directions.some((d) => d.assetFrom === 'card-EUR' && d.assetTo === 'usdt-trc20')).toBe(
      false,
    );
    expect(published.directions.some((d) => d.assetFrom === 'cash-EUR' && d.assetTo === 'usdt-trc20')).toBe(
      true,
    );
  });

  it('pauses a direction whose rate leaves its guard, and says so to staff and to the quote', async () => {
    const at = clockOf(15);
    await run(at(0));
    await m.rates.putRates(
      { currencies: [], directions: [{ ...eurToUsdt, ...feedTerms, maxRate: 1 }] },
      admin,
    );
    expect(await directionOf(at(0), eurToUsdt)).toMatchObject({
      state: 'paused',
      pausedReason: 'out-of-guard',
    });
    await expect(m.rates.quote('card-EUR', 'usdt-trc20', 1000, at(0))).rejects.toThrow(/outside the limits/);
    await m.rates.putRates(
      { currencies: [], directions: [{ ...eurToUsdt, ...feedTerms, maxRate: null }] },
      admin,
    );
    expect((await directionOf(at(0), eurToUsdt)).state).toBe('live');
  });

  it('writes DirectionsPausedStale on every run: the active feed directions paused for a stale price', async () => {
    const at = clockOf(16);

    const fresh = await metricValues('DirectionsPausedStale', () => run(at(0)));
    providers.refuse('crypto', 503);
    const stale = await metricValues('DirectionsPausedStale', () => run(at(11)));

    expect(fresh).toEqual([0]);
    // Both feed directions (EUR → USDT and back) price with the ticker's USDT, 11 minutes old.
    expect(stale).toEqual([2]);
  });
});
