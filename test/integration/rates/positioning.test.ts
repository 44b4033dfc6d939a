import {
  competitorsOf,
  fetchRatesArchive,
  RatesArchiveFailed,
} from '@functions/domain/rates/bestchange/archive';
import { positionedRate } from '@functions/domain/rates/bestchange/positioning';
import { type BestChangeStandIn, startBestChangeStandIn } from '@infra/local/bestchange-stand-in';
import { startRateProviderStandIns } from '@infra/local/rate-providers';
import { postToStandIn } from '@infra/local/stand-in-server';
import { decimalText } from '@shared/money';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * Holding a place on BestChange (issue 41 item 4) against the archive's stand-in over HTTP
 * (infra/local/bestchange-stand-in.ts, BestChange's documented files in windows-1251): the rate
 * that takes the target place, the floor and the ceiling that stop it, the exchange's own line
 * left out of the competitors, and archives that cannot be read.
 */
const USDT = 208;
const SBER = 42;
const OWN = 99;
const LISTING = {
  currencies: [
    { id: USDT, code: 'USDTTRC20' },
    { id: SBER, code: 'SBERRUB' },
  ],
  exchangers: [
    { id: 1, name: 'Обменник Альфа' },
    { id: 2, name: 'Beta' },
    { id: 3, name: 'Gamma' },
    { id: 4, name: 'Delta' },
    { id: OWN, name: 'Наш обменник' },
  ],
  // USDT → Sberbank's card: one USDT gives this many roubles; the best (most) first on the monitor.
  rates: [
    { fromId: USDT, toId: SBER, exchangerId: 3, give: '1', receive: '95.5', reserve: '1000000' },
    { fromId: USDT, toId: SBER, exchangerId: 1, give: '1', receive: '96.2', reserve: '500000' },
    { fromId: USDT, toId: SBER, exchangerId: OWN, give: '1', receive: '97', reserve: '2000000' },
    { fromId: USDT, toId: SBER, exchangerId: 4, give: '1', receive: '95.1', reserve: '10' },
    { fromId: USDT, toId: SBER, exchangerId: 2, give: '1', receive: '95.9', reserve: '300000' },
    // Another direction's lines are no competitors.
    { fromId: SBER, toId: USDT, exchangerId: 2, give: '97.3', receive: '1', reserve: '5000' },
  ],
};
const BOUNDS = { floor: '94', ceiling: '98', step: '0.01' };

let standIn: BestChangeStandIn;

beforeAll(async () => {
  standIn = await startBestChangeStandIn();
});
afterAll(async () => {
  await standIn.stop();
});

async function competitors(ownExchangerId: number | null = OWN) {
  await postToStandIn(standIn.url, '/_local/raw', { base64: null });
  await postToStandIn(standIn.url, '/_local/listing', LISTING);
  const archive = await fetchRatesArchive(standIn.archiveUrl, 3000);
  const listed = competitorsOf(archive, { from: 'USDTTRC20', to: 'sberrub' }, true, ownExchangerId)!;
  return { archive, listed, rates: listed.map((competitor) => competitor.figure) };
}

const shown = ({ wanted: _wanted, ...result }: ReturnType<typeof positionedRate>) => ({
  ...result,
  rate: decimalText(result.rate),
});

describe('a rate that holds its place on BestChange', () => {
  it("reads the stand-in's archive: the direction's competitors, the best first, its exchangers' names", async () => {
    const { archive, listed } = await competitors();
    expect(listed.map(({ exchanger, figure }) => [exchanger, decimalText(figure)])).toEqual([
      ['Обменник Альфа', '96.2'],
      ['Beta', '95.9'],
      ['Gamma', '95.5'],
      ['Delta', '95.1'],
    ]);
    expect(competitorsOf(archive, { from: 'USDTTRC20', to: 'CASHRUB' }, true, OWN)).toBeNull();
    // The other way the client gives roubles: 97.3 of them for 1 USDT, the cheapest first.
    const buying = competitorsOf(archive, { from: 'SBERRUB', to: 'USDTTRC20' }, false, OWN)!;
    expect(buying.map(({ exchanger, figure }) => [exchanger, decimalText(figure)])).toEqual([
      ['Beta', '97.3'],
    ]);
  });

  it('takes the target place one step ahead of the exchanger there, leaving its own line out', async () => {
    const { rates } = await competitors();
    expect(shown(positionedRate(rates, { place: 3, ...BOUNDS }, 'higher'))).toEqual({
      rate: '95.51',
      place: 3,
      heldBy: null,
    });
    expect(shown(positionedRate(rates, { place: 1, ...BOUNDS }, 'higher'))).toEqual({
      rate: '96.21',
      place: 1,
      heldBy: null,
    });
    // Counted as a competitor, the exchange's own 97 would push every target down by one.
    const withOwn = (await competitors(null)).rates;
    expect(shown(positionedRate(withOwn, { place: 3, ...BOUNDS }, 'higher'))).toEqual({
      rate: '95.91',
      place: 3,
      heldBy: null,
    });
  });

  it('stops at the floor and at the ceiling, and takes the floor when fewer exchangers list the direction than the place', async () => {
    const { rates } = await competitors();
    // Third place needs 95.51, below a floor of 96: the floor, which lists second.
    expect(shown(positionedRate(rates, { place: 3, ...BOUNDS, floor: '96' }, 'higher'))).toEqual({
      rate: '96',
      place: 2,
      heldBy: 'floor',
    });
    // First place needs 96.21, above a ceiling of 96.1: the ceiling, second.
    expect(shown(positionedRate(rates, { place: 1, ...BOUNDS, ceiling: '96.1' }, 'higher'))).toEqual({
      rate: '96.1',
      place: 2,
      heldBy: 'ceiling',
    });
    expect(shown(positionedRate(rates, { place: 6, ...BOUNDS }, 'higher'))).toEqual({
      rate: '94',
      place: 5,
      heldBy: null,
    });
  });

  it('survives a malformed archive: a refusal, not a zip, a file missing, no rates; bad lines are left out', async () => {
    const failure = async (body: Uint8Array | string) => {
      await postToStandIn(standIn.url, '/_local/raw', { base64: Buffer.from(body).toString('base64') });
      return fetchRatesArchive(standIn.archiveUrl, 3000).then(
        () => 'read',
        (error: unknown) => (error instanceof RatesArchiveFailed ? error.message : `other: ${String(error)}`),
      );
    };
    const dat = (text: string) => new TextEncoder().encode(text);
    expect(await failure('<html>503 Service Unavailable</html>')).toMatch(/not a zip archive/);
    expect(
      await failure(zipSync({ 'bm_cycodes.dat': dat('208;USDTTRC20\n'), 'bm_exch.dat': dat('1;A\n') })),
    ).toMatch(/no bm_rates\.dat/);
    expect(
      await failure(
        zipSync({
          'bm_rates.dat': dat('garbage\n208;42;1;x;y;z\n'),
          'bm_cycodes.dat': dat(''),
          'bm_exch.dat': dat(''),
        }),
      ),
    ).toMatch(/no rates in bm_rates\.dat/);
    const refused = await fetchRatesArchive(`${standIn.url}/missing.zip`, 3000).catch(
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/answered 404/);

    await postToStandIn(standIn.url, '/_local/raw', {
      base64: Buffer.from(
        zipSync({
          'bm_cycodes.dat': dat('208;USDTTRC20\r\n42;SBERRUB\r\n'),
          'bm_exch.dat': dat('1;A\r\n'),
          'bm_rates.dat': dat(
            '208;42;1;1;95.5;100\r\n208;42;2;0;95.9;100\r\n208;42;;1;99;1\r\n208;42;3;1;-96;1\r\n',
          ),
        }),
      ).toString('base64'),
    });
    const archive = await fetchRatesArchive(standIn.archiveUrl, 3000);
    const read = competitorsOf(archive, { from: 'USDTTRC20', to: 'SBERRUB' }, true, OWN)!;
    expect(read.map((competitor) => decimalText(competitor.figure))).toEqual(['95.5']);
  });
});

/**
 * The rates job's step on a table of this file's own (it gives seeded directions a place, which
 * the other files quote as they are), so functions/ modules that touch the table are imported only
 * after it exists. Each run and each quote is given its `now`.
 */
describe('the rates job holding places', () => {
  let drop: () => Promise<void>;
  let m: Awaited<ReturnType<typeof modules>>;
  const modules = async () => ({
    hold: await import('@functions/domain/rates/bestchange/hold-place'),
    job: await import('@functions/domain/rates/rates-job'),
    seed: await import('@functions/seed/rates-data'),
    rates: await import('@functions/domain/rates/rates'),
    settings: await import('@functions/domain/settings/settings'),
  });
  const admin = { id: 'positioning-test-admin', role: 'ADMIN' as const };
  const selling = { assetFrom: 'usdt-trc20', assetTo: 'card-RUB', monitorCode: 'SBERRUB' };
  const buying = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20', monitorCode: 'SBERRUB' };
  const untouched = { assetFrom: 'usdt-trc20', assetTo: 'card-EUR' };
  // The client gives roubles: 97.3 of them for 1 USDT at Beta, the cheapest first.
  const BOTH_WAYS = {
    ...LISTING,
    rates: [
      ...LISTING.rates,
      { fromId: SBER, toId: USDT, exchangerId: 1, give: '97.8', receive: '1', reserve: '5000' },
      { fromId: SBER, toId: USDT, exchangerId: 3, give: '1', receive: '0.0101626016', reserve: '5000' },
      { fromId: SBER, toId: USDT, exchangerId: OWN, give: '96', receive: '1', reserve: '5000' },
    ],
  };
  const minute = (n: number) => new Date(Date.parse('2030-03-01T09:00:00.000Z') + n * 60_000);
  const hold = (now: Date) => m.hold.holdPlaces(now, { url: standIn.archiveUrl, timeoutMs: 3000 });
  const admitted = async (now: Date, pair: { assetFrom: string; assetTo: string }) =>
    (await m.rates.allRates(now)).directions.find(
      (direction) => direction.assetFrom === pair.assetFrom && direction.assetTo === pair.assetTo,
    )!;
  const place = (positioning: Record<string, unknown> | null) =>
    m.rates.putRates(
      {
        currencies: [],
        directions: [
          { ...selling, positioning: positioning && { unit: 'USDT', ...BOUNDS, place: 3, ...positioning } },
          {
            ...buying,
            positioning: positioning && { unit: 'USDT', ...BOUNDS, floor: '96.5', ceiling: '99', place: 2 },
          },
        ],
      },
      admin,
    );

  beforeAll(async () => {
    drop = await createIsolatedTable('positioning');
    m = await modules();
    await postToStandIn(standIn.url, '/_local/raw', { base64: null });
    await postToStandIn(standIn.url, '/_local/listing', BOTH_WAYS);
  });
  afterAll(async () => {
    await drop();
  });

  it('reads nothing while no direction holds a place, and prices every direction as before', async () => {
    const before = standIn.requests;
    const sourceRate = (await admitted(minute(0), selling)).rate;
    expect(await hold(minute(0))).toEqual({ positioned: 0, moved: [], archiveProblem: null, writes: 0 });
    expect(standIn.requests).toBe(before);
    expect(await admitted(minute(0), selling)).toMatchObject({
      rate: sourceRate,
      positioned: false,
      position: null,
    });
  });

  it('holds the target place each way, leaving the exchange’s own line out, and quotes at it', async () => {
    const untouchedRate = (await admitted(minute(10), untouched)).rate;
    await m.settings.putSetting(
      'bestChangeExchangerId',
      { value: OWN },
      { id: 'positioning-test-super', role: 'SUPER_ADMIN' },
    );
    await place({});
    const run = await hold(minute(10));
    expect(run).toMatchObject({ positioned: 2, archiveProblem: null, writes: 2 });
    expect(run.moved.sort()).toEqual(['card-RUB>usdt-trc20', 'usdt-trc20>card-RUB']);

    const sold = await admitted(minute(11), selling);
    // Third among 96.2, 95.9, 95.5 and 95.1: a step over Gamma's 95.5; the exchange's own 97 is no competitor.
    expect(sold).toMatchObject({
      rate: 95.51,
      positioned: true,
      state: 'manual',
      priceAsOf: minute(10).toISOString(),
    });
    expect(sold.position).toMatchObject({
      checkedAt: minute(10).toISOString(),
      problem: null,
      figure: '95.51',
      place: 3,
      heldBy: null,
      wanted: null,
      competitors: 4,
      above: [
        { exchanger: 'Обменник Альфа', figure: '96.2' },
        { exchanger: 'Beta', figure: '95.9' },
      ],
      below: [
        { exchanger: 'Gamma', figure: '95.5' },
        { exchanger: 'Delta', figure: '95.1' },
      ],
      previousFigure: null,
      movedAt: minute(10).toISOString(),
    });
    // Roubles for USDT: second among 97.3, 97.8 and 98.4 (1 RUB → 0.0101626016 USDT) is a step under 97.8.
    const bought = await admitted(minute(11), buying);
    expect(bought.position).toMatchObject({ figure: '97.79', place: 2, competitors: 3 });
    expect(bought.positioned).toBe(true);

    const quote = await m.rates.quote('usdt-trc20', 'card-RUB', 200, minute(11));
    expect(quote).toMatchObject({ rate: 95.51, amountTo: 19102 });
    const paying = await m.rates.quote('card-RUB', 'usdt-trc20', 9779, minute(11));
    expect(paying.amountTo).toBe(100);
    // Visitors see the rate, not how it is held.
    const shown = (await m.rates.publishedRates(minute(11))).directions.find(
      (direction) => direction.assetFrom === selling.assetFrom && direction.assetTo === selling.assetTo,
    )!;
    expect(shown.rate).toBe(95.51);
    expect(Object.keys(shown)).not.toEqual(expect.arrayContaining(['position']));
    expect(Object.keys(shown)).not.toContain('positioning');
    // A direction without a place keeps its own rate.
    expect((await admitted(minute(11), untouched)).rate).toBe(untouchedRate);
  });

  it('moves with the competitors and says what it did; writes nothing when nothing moved', async () => {
    await postToStandIn(standIn.url, '/_local/listing', {
      ...BOTH_WAYS,
      rates: BOTH_WAYS.rates.map((line) =>
        line.exchangerId === 3 && line.fromId === USDT ? { ...line, receive: '95.7' } : line,
      ),
    });
    const run = await hold(minute(12));
    expect(run.moved).toEqual(['usdt-trc20>card-RUB']);
    expect((await admitted(minute(12), selling)).position).toMatchObject({
      figure: '95.71',
      previousFigure: '95.51',
      movedAt: minute(12).toISOString(),
    });
    expect(await hold(minute(13))).toMatchObject({ moved: [], writes: 0 });
  });

  it('stops at the floor and at the ceiling, never past them', async () => {
    await place({ floor: '96' });
    await hold(minute(20));
    expect((await admitted(minute(20), selling)).position).toMatchObject({
      figure: '96',
      place: 2,
      heldBy: 'floor',
      wanted: '95.71',
    });
    await place({ place: 1, ceiling: '96.1' });
    await hold(minute(21));
    const capped = await admitted(minute(21), selling);
    expect(capped).toMatchObject({ rate: 96.1, positioned: true });
    expect(capped.position).toMatchObject({ figure: '96.1', place: 2, heldBy: 'ceiling', wanted: '96.21' });
  });

  it('survives a malformed archive: the direction prices from its source again until one reads', async () => {
    await place({});
    await postToStandIn(standIn.url, '/_local/raw', {
      base64: Buffer.from('<html>502 Bad Gateway</html>').toString('base64'),
    });
    const run = await hold(minute(30));
    expect(run.archiveProblem).toMatch(/not a zip archive/);
    const failed = await admitted(minute(30), selling);
    // The figure before is the ceiling's of the test before.
    expect(failed.position).toMatchObject({ problem: 'archive', figure: null, previousFigure: '96.1' });
    expect(failed.positioned).toBe(false);
    // Its own source's rate (the seed's manual one, lowered by its markup), and quoted at it.
    expect(failed.rate).not.toBe(95.71);
    expect((await m.rates.quote('usdt-trc20', 'card-RUB', 200, minute(30))).rate).toBe(failed.rate);

    await postToStandIn(standIn.url, '/_local/raw', { base64: null });
    await hold(minute(31));
    expect(await admitted(minute(31), selling)).toMatchObject({ rate: 95.71, positioned: true });
    // A position the job has not confirmed for over ten minutes is not used.
    expect(await admitted(minute(42), selling)).toMatchObject({ positioned: false, rate: failed.rate });
  });

  it("reads a euro direction's figures per euro, as its rate is shown: the fewest USDT for 1 EUR first", async () => {
    const euro = { assetFrom: 'usdt-trc20', assetTo: 'card-EUR' };
    await postToStandIn(standIn.url, '/_local/listing', {
      ...BOTH_WAYS,
      currencies: [...BOTH_WAYS.currencies, { id: 52, code: 'CARDEUR' }],
      rates: [
        ...BOTH_WAYS.rates,
        { fromId: USDT, toId: 52, exchangerId: 1, give: '1.0921', receive: '1', reserve: '9000' },
        { fromId: USDT, toId: 52, exchangerId: 2, give: '1', receive: '0.9166', reserve: '9000' },
        { fromId: USDT, toId: 52, exchangerId: 3, give: '1.0975', receive: '1', reserve: '9000' },
      ],
    });
    await m.rates.putRates(
      {
        currencies: [],
        directions: [
          { ...euro, positioning: { unit: 'EUR', place: 2, floor: '1.05', ceiling: '1.2', step: '0.0001' } },
        ],
      },
      admin,
    );
    await hold(minute(40));
    const held = await admitted(minute(40), euro);
    // 1/0.9166 = 1.09098…, 1.0921 and 1.0975 USDT for 1 EUR, the fewest first: second place is a
    // step under 1.0921.
    expect(held.position).toMatchObject({ figure: '1.092', place: 2, competitors: 3, heldBy: null });
    expect(held.position!.above).toEqual([{ exchanger: 'Beta', figure: '1.09098843552258' }]);
    expect(held.positioned).toBe(true);
    expect((await m.rates.quote('usdt-trc20', 'card-EUR', 1092, minute(40))).amountTo).toBe(1000);
    await m.rates.putRates({ currencies: [], directions: [{ ...euro, positioning: null }] }, admin);
  });

  it('runs in the rates job after the market prices, whose providers it does not hold up', async () => {
    await postToStandIn(standIn.url, '/_local/listing', BOTH_WAYS);
    await place({});
    const providers = await startRateProviderStandIns(m.seed.SEED_USD_VALUES);
    try {
      const config = { ...providers.urls, bestChangeArchiveUrl: standIn.archiveUrl, timeoutMs: 3000 };
      const run = await m.job.runRatesJob(minute(45), config);
      expect(run.failures).toEqual([]);
      expect(run.positioning).toMatchObject({ positioned: 2, archiveProblem: null });
      expect((await admitted(minute(45), selling)).position).toMatchObject({
        checkedAt: minute(45).toISOString(),
      });
      // An archive that answers nothing is the places' problem only: the prices were still read.
      const broken = await m.job.runRatesJob(minute(46), {
        ...config,
        bestChangeArchiveUrl: `${standIn.url}/gone.zip`,
      });
      expect(broken.failures).toEqual([]);
      expect(broken.positioning.archiveProblem).toMatch(/answered 404/);
    } finally {
      await providers.stop();
    }
  });

  it('switched off, the direction prices from its source and the job reads nothing for it', async () => {
    await place(null);
    const before = standIn.requests;
    expect(await hold(minute(50))).toMatchObject({ positioned: 0 });
    expect(standIn.requests).toBe(before);
    expect(await admitted(minute(50), selling)).toMatchObject({ positioned: false, position: null });
  });
});
