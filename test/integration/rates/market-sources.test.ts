import { type RateProviderStandIns, startRateProviderStandIns } from '@infra/local/rate-providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * RUB prices from a RUB market: directions priced from EXMO's USDT market and the Bank of Russia's
 * official rate (alone, as a median, times a coefficient), the rates job against stand-ins of both
 * in their documented shapes, on a table of this file's own (it switches RUB and KZT directions to
 * the feed), so functions/ modules are imported only dynamically, after the table exists. Each
 * test works on a day of its own, so the provider calls of one are long past their intervals in
 * the next; the stand-ins answer with the time the test gives.
 */
let drop: () => Promise<void>;
let providers: RateProviderStandIns;
let m: Awaited<ReturnType<typeof modules>>;
let standInNow = new Date(0);

const modules = async () => ({
  feed: await import('@functions/domain/rates/feed'),
  rates: await import('@functions/domain/rates/rates'),
  contract: await import('@shared/contract/rates'),
  completion: await import('@functions/domain/rates/completion-snapshot'),
  audit: await import('@functions/data/audit'),
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const admin = { id: 'market-sources-admin', role: 'ADMIN' as const };
/** Minute `minutes` of test day `day` (days from 2031-03-03, each starting at noon UTC, 15:00 in Moscow). */
const clockOf =
  (day: number) =>
  (minutes = 0) =>
    new Date(Date.parse('2031-03-03T12:00:00.000Z') + day * 24 * HOUR + minutes * MINUTE);
/** One run of the job at `now` (the stand-ins answer at the same time). */
const run = (now: Date, timeoutMs = 1000) => {
  standInNow = now;
  return m.feed.refreshFeedPrices(now, { ...providers.urls, timeoutMs });
};

const usdtToRub = { assetFrom: 'usdt-trc20', assetTo: 'card-RUB' };
const rubToUsdt = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };
const usdtToKzt = { assetFrom: 'usdt-trc20', assetTo: 'card-KZT' };
type Source = 'usd-cross' | 'usdt-market' | 'central-bank';

/** Prices `pairs` from the feed by `sources` times `coefficient`, with no markup and no guard. */
const priceBy = (
  pairs: Array<{ assetFrom: string; assetTo: string }>,
  sources: Source[],
  coefficient = '1',
) =>
  m.rates.putRates(
    {
      currencies: [],
      directions: pairs.map((pair) => ({
        ...pair,
        source: 'feed' as const,
        markupPercent: 0,
        maxAgeMinutes: 15,
        minRate: null,
        maxRate: null,
        marketPrice: { sources, coefficient },
      })),
    },
    admin,
  );

const directionOf = async (now: Date, pair: { assetFrom: string; assetTo: string }) =>
  (await m.rates.allRates(now)).directions.find(
    (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
  )!;

beforeAll(async () => {
  drop = await createIsolatedTable('market-sources');
  m = await modules();
  const { SEED_USD_VALUES } = await import('@functions/seed/rates-data');
  providers = await startRateProviderStandIns(
    { ...SEED_USD_VALUES, USDT: 1, RUB: 0.0105 },
    { clock: () => standInNow },
  );
});

beforeEach(async () => {
  for (const provider of ['usdt-market', 'central-bank'] as const) {
    providers.refuse(provider, null);
    providers.slowDown(provider, null);
  }
  providers.setMarketPrice('RUB', '95.3');
  providers.pinMarketUpdate(null);
  providers.setOfficialRate('USD', '92.5');
  providers.setOfficialRate('KZT', '19.2345', 100);
  providers.pinOfficialDate(null);
  // Back to the USD cross, which names neither market source.
  await priceBy([usdtToRub, rubToUsdt, usdtToKzt], ['usd-cross']);
});

afterAll(async () => {
  await providers?.stop();
  await drop?.();
});

describe('the USDT market (EXMO ticker)', () => {
  it("prices USDT → RUB at USDT_RUB's last trade, as of its pair's own update time", async () => {
    const at = clockOf(0);
    await priceBy([usdtToRub], ['usdt-market']);
    providers.pinMarketUpdate(at(-3));

    const result = await run(at(0));

    expect(result.called).toContain('usdt-market');
    expect(result.changed).toContain('usdt-market:RUB');
    expect(await directionOf(at(0), usdtToRub)).toMatchObject({
      state: 'live',
      rawPrice: 95.3,
      rate: 95.3,
      priceAsOf: at(-3).toISOString(),
    });
    expect(await m.rates.quote('usdt-trc20', 'card-RUB', 100, at(0))).toMatchObject({
      rate: 95.3,
      amountTo: 9530,
    });
  });

  it('prices RUB → USDT at the inverse of the same trade, to 10 significant digits', async () => {
    const at = clockOf(1);
    await priceBy([rubToUsdt], ['usdt-market']);

    await run(at(0));

    expect((await directionOf(at(0), rubToUsdt)).rawPrice).toBe(0.01049317943);
  });

  it('is not asked while no direction names it', async () => {
    const at = clockOf(2);
    const before = providers.requests['usdt-market'];

    const result = await run(at(0));

    expect(result.called).not.toContain('usdt-market');
    expect(providers.requests['usdt-market']).toBe(before);
  });

  it('pauses a direction priced by it alone once its trade is older than the maximum age', async () => {
    const at = clockOf(3);
    await priceBy([usdtToRub], ['usdt-market']);
    providers.pinMarketUpdate(at(-16));

    await run(at(0));

    expect(await directionOf(at(0), usdtToRub)).toMatchObject({ state: 'paused', pausedReason: 'stale' });
    await expect(m.rates.quote('usdt-trc20', 'card-RUB', 100, at(0))).rejects.toMatchObject({
      code: 'MarketPriceStale',
    });
  });

  it('pauses a direction as missing when the market does not trade its currency', async () => {
    const at = clockOf(4);
    const usdtToAed = { assetFrom: 'usdt-trc20', assetTo: 'card-AED' };
    await priceBy([usdtToAed], ['usdt-market']);
    try {
      const result = await run(at(0));

      expect(result.failures).toEqual([]);
      expect(await directionOf(at(0), usdtToAed)).toMatchObject({ state: 'paused', pausedReason: 'missing' });
    } finally {
      await priceBy([usdtToAed], ['usd-cross']);
    }
  });

  it('fails the run for its prices only when it answers too slowly', async () => {
    const at = clockOf(5);
    await priceBy([usdtToRub], ['usdt-market']);
    providers.slowDown('usdt-market', 2000);
    const began = Date.now();

    const result = await run(at(0), 300);

    expect(Date.now() - began).toBeLessThan(1500);
    expect(result.failures).toEqual(['usdt-market: timed out']);
    // The USD values' ticker, asked in the same run, answered all the same.
    expect(result.called).toEqual(expect.arrayContaining(['crypto-ticker', 'usdt-market']));
    expect(await directionOf(at(0), usdtToKzt)).toMatchObject({ state: 'live' });
  });

  it('backs off a 429 by its Retry-After beyond the minute, and reports it without throwing', async () => {
    const at = clockOf(6);
    await priceBy([usdtToRub], ['usdt-market']);
    providers.refuse('usdt-market', 429, { 'Retry-After': '600' });
    const before = providers.requests['usdt-market'];

    const throttled = await run(at(0));
    providers.refuse('usdt-market', null);
    const within = await run(at(10));
    await run(at(11));

    expect(throttled.failures).toEqual(['usdt-market: answered 429']);
    expect(within.skipped).toContain('usdt-market');
    expect(providers.requests['usdt-market'] - before).toBe(2);
  });
});

describe("the Bank of Russia's daily rates", () => {
  it('reads its windows-1251 document: a decimal comma, USDT counted as a dollar', async () => {
    const at = clockOf(7);
    await priceBy([usdtToRub], ['central-bank']);
    providers.setOfficialRate('USD', '92.5');

    const result = await run(at(0));

    expect(result.failures).toEqual([]);
    expect(result.changed).toContain('central-bank:RUB');
    expect(await directionOf(at(0), usdtToRub)).toMatchObject({ state: 'live', rawPrice: 92.5 });
  });

  it("divides a Value by its Nominal: 100 tenge's rate prices USDT → KZT through the rouble", async () => {
    const at = clockOf(8);
    await priceBy([usdtToKzt], ['central-bank']);

    await run(at(0));

    // 92.5 roubles a dollar, 19.2345 roubles per 100 tenge.
    expect((await directionOf(at(0), usdtToKzt)).rawPrice).toBe(480.9067041);
  });

  it("asks for the rate in force on Moscow's day, as of its 00:00 in Moscow", async () => {
    const at = clockOf(9);
    await priceBy([usdtToRub], ['central-bank']);
    // 22:30 UTC is 01:30 the next day in Moscow.
    const lateEvening = at(10.5 * 60);

    await run(lateEvening);

    const nextMoscowDay = new Date(Date.parse(at(0).toISOString().slice(0, 10)) + 24 * HOUR);
    expect((await directionOf(lateEvening, usdtToRub)).priceAsOf).toBe(
      new Date(nextMoscowDay.getTime() - 3 * HOUR).toISOString(),
    );
  });

  it('keeps a rate dated four days back (a long weekend) and pauses one dated six days back', async () => {
    const at = clockOf(10);
    const dayStart = Date.parse(at(0).toISOString().slice(0, 10));
    await priceBy([usdtToRub], ['central-bank']);

    providers.pinOfficialDate(new Date(dayStart - 4 * 24 * HOUR));
    await run(at(0));
    const fourDays = await directionOf(at(0), usdtToRub);
    providers.pinOfficialDate(new Date(dayStart - 6 * 24 * HOUR));
    await run(at(61));
    const sixDays = await directionOf(at(61), usdtToRub);

    expect(fourDays.state).toBe('live');
    expect(sixDays).toMatchObject({ state: 'paused', pausedReason: 'stale' });
  });

  it('backs off a 429 without Retry-After for an hour beyond its hour', async () => {
    const at = clockOf(11);
    await priceBy([usdtToRub], ['central-bank']);
    providers.refuse('central-bank', 429);
    const before = providers.requests['central-bank'];

    await run(at(0));
    providers.refuse('central-bank', null);
    await run(at(60));
    await run(at(119));
    const afterFirst = providers.requests['central-bank'] - before;
    await run(at(120));

    expect(afterFirst).toBe(1);
    expect(providers.requests['central-bank'] - before).toBe(2);
  });

  it('fails the run for its prices only when it answers too slowly', async () => {
    const at = clockOf(12);
    await priceBy([usdtToRub], ['central-bank']);
    providers.slowDown('central-bank', 2000);

    const result = await run(at(0), 300);

    expect(result.failures).toEqual(['central-bank: timed out']);
  });
});

describe('a market price of several sources or with a coefficient', () => {
  it("takes the central bank's rate times the coefficient, and divides by it the other way", async () => {
    const at = clockOf(13);
    await priceBy([usdtToRub, rubToUsdt], ['central-bank'], '1.015');

    await run(at(0));

    expect((await directionOf(at(0), usdtToRub)).rawPrice).toBe(93.8875);
    // 1 ÷ 92.5 ÷ 1.015, not 1 ÷ (92.5 × 1.015) rounded first.
    expect((await directionOf(at(0), rubToUsdt)).rawPrice).toBe(0.01065104513);
  });

  it('takes the median of three sources', async () => {
    const at = clockOf(14);
    await priceBy([usdtToRub], ['usd-cross', 'usdt-market', 'central-bank']);

    await run(at(0));

    // The USD cross 1 ÷ 0.0105 = 95.23809524, the market 95.3, the central bank 92.5.
    expect(await directionOf(at(0), usdtToRub)).toMatchObject({ state: 'live', rawPrice: 95.23809524 });
  });

  it('takes the mean of the middle two of two sources', async () => {
    const at = clockOf(15);
    await priceBy([usdtToRub], ['usdt-market', 'central-bank']);

    await run(at(0));

    expect((await directionOf(at(0), usdtToRub)).rawPrice).toBe(93.9);
  });

  it('leaves a stale source out of the median, and is as old as the prices it took', async () => {
    const at = clockOf(16);
    await priceBy([usdtToRub], ['usdt-market', 'central-bank']);
    providers.pinMarketUpdate(at(-20));

    await run(at(0));

    const direction = await directionOf(at(0), usdtToRub);
    const moscowMidnight = new Date(Date.parse(at(0).toISOString().slice(0, 10)) - 3 * HOUR);
    expect(direction).toMatchObject({
      state: 'live',
      rawPrice: 92.5,
      priceAsOf: moscowMidnight.toISOString(),
    });
  });

  it('pauses as stale when no source is fresh', async () => {
    const at = clockOf(17);
    await priceBy([usdtToRub], ['usdt-market', 'central-bank']);
    providers.pinMarketUpdate(at(-20));
    providers.pinOfficialDate(new Date(Date.parse(at(0).toISOString().slice(0, 10)) - 6 * 24 * HOUR));

    const result = await run(at(0));

    expect(result.pausedStale).toBeGreaterThanOrEqual(1);
    expect(await directionOf(at(0), usdtToRub)).toMatchObject({ state: 'paused', pausedReason: 'stale' });
  });

  it('still pauses a rate outside its guard', async () => {
    const at = clockOf(18);
    await priceBy([usdtToRub], ['central-bank'], '1.015');
    await m.rates.putRates({ currencies: [], directions: [{ ...usdtToRub, maxRate: 93 }] }, admin);

    await run(at(0));

    expect(await directionOf(at(0), usdtToRub)).toMatchObject({
      state: 'paused',
      pausedReason: 'out-of-guard',
    });
  });
});

describe("a direction's market price as staff set it", () => {
  it('is kept in one order with its coefficient as typed, and audited', async () => {
    await priceBy([usdtToRub], ['central-bank', 'usdt-market'], '1.0150');

    const [entry] = await m.audit.listAuditFor('rates', 'table');
    const direction = (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === usdtToRub.assetFrom && d.assetTo === usdtToRub.assetTo,
    )!;
    expect(direction.marketPrice).toEqual({
      sources: ['usdt-market', 'central-bank'],
      coefficient: '1.0150',
    });
    expect(entry!.after).toMatchObject({
      'direction:usdt-trc20>card-RUB': {
        marketPrice: { sources: ['usdt-market', 'central-bank'], coefficient: '1.0150' },
      },
    });
  });

  it('is no change when the same sources and coefficient are sent again in another order', async () => {
    await priceBy([usdtToRub], ['central-bank', 'usdt-market'], '1.015');

    const again = await priceBy([usdtToRub], ['usdt-market', 'central-bank'], '1.01500');

    expect(again.changed).toBe(0);
  });

  it('refuses no source, a source twice and a coefficient out of 0.5–1.5 or with 7 decimals', () => {
    const problems = (marketPrice: unknown) => {
      const parsed = m.contract.putRatesBodySchema.safeParse({ directions: [{ ...usdtToRub, marketPrice }] });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };

    expect(problems({ sources: [], coefficient: '1' })).toEqual(['marketSources']);
    expect(problems({ sources: ['usdt-market', 'usdt-market'], coefficient: '1' })).toEqual([
      'marketSources',
    ]);
    expect(problems({ sources: ['central-bank'], coefficient: '2' })).toEqual(['marketCoefficient']);
    expect(problems({ sources: ['central-bank'], coefficient: '0.4' })).toEqual(['marketCoefficient']);
    expect(problems({ sources: ['central-bank'], coefficient: '1.0000001' })).toEqual(['marketCoefficient']);
    expect(problems({ sources: ['central-bank'], coefficient: '1.015' })).toEqual([]);
  });
});

describe('a deal completed in a direction that follows a RUB market', () => {
  /** 100 USDT paid out as 9,400 RUB to a card: a deal record as it completes. */
  const deal = (assetTo: string) =>
    ({
      amountFrom: 100,
      amountTo: 9400,
      assetFrom: 'usdt-trc20',
      assetTo,
      currencyFrom: 'USDT',
      currencyTo: 'RUB',
      rate: { rate: 94 },
    }) as unknown as Parameters<typeof m.completion.completionSnapshotNow>[0];

  it("earns its margin over the market it follows (EXMO's 95.3), not over the USD cross (95.238…)", async () => {
    const at = clockOf(19);
    await priceBy([usdtToRub], ['usdt-market']);
    providers.pinMarketUpdate(at(-2));
    await run(at(0));

    const snapshot = await m.completion.completionSnapshotNow(deal('card-RUB'), at(1));

    expect(snapshot).toMatchObject({
      marketRate: 95.3,
      marketSource: 'feed',
      marketAsOf: at(-2).toISOString(),
      // 100 × 95.3 − 9,400; against the cross of 1 USD per USDT and 0.0105 USD per RUB it would be 123.81.
      profitFiat: 130,
      profitUsdt: 1.364113,
    });
  });

  it("completes a direction that does not follow the market against the cross of the rates job's USD values", async () => {
    const at = clockOf(20);
    await priceBy([usdtToRub], ['usdt-market']);
    await run(at(0));
    // Cash RUB is priced by hand here; the job still keeps USDT's and RUB's USD values (1 and 0.0105).
    const snapshot = await m.completion.completionSnapshotNow(deal('cash-RUB'), at(1));
    expect(snapshot).toMatchObject({ marketRate: 95.23809524, marketSource: 'feed', profitFiat: 123.81 });
  });
});
