import {
  competitorRates,
  fetchRatesArchive,
  RatesArchiveFailed,
} from '@functions/domain/rates/bestchange/archive';
import { positionedRate } from '@functions/domain/rates/bestchange/positioning';
import { type BestChangeStandIn, startBestChangeStandIn } from '@infra/local/bestchange-stand-in';
import { postToStandIn } from '@infra/local/stand-in-server';
import { decimalText } from '@shared/money';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
  return { archive, rates: competitorRates(archive, 'USDTTRC20', 'sberrub', ownExchangerId)! };
}

const shown = (result: ReturnType<typeof positionedRate>) => ({ ...result, rate: decimalText(result.rate) });

describe('a rate that holds its place on BestChange', () => {
  it("reads the stand-in's archive: the direction's competitors, the best first, its exchangers' names", async () => {
    const { archive, rates } = await competitors();
    expect(rates.map(decimalText)).toEqual(['96.2', '95.9', '95.5', '95.1']);
    expect(archive.exchangers.get(1)).toBe('Обменник Альфа');
    expect(competitorRates(archive, 'USDTTRC20', 'CASHRUB', OWN)).toBeNull();
  });

  it('takes the target place one step ahead of the exchanger there, leaving its own line out', async () => {
    const { rates } = await competitors();
    expect(shown(positionedRate(rates, { place: 3, ...BOUNDS }))).toEqual({
      rate: '95.51',
      place: 3,
      heldBy: null,
    });
    expect(shown(positionedRate(rates, { place: 1, ...BOUNDS }))).toEqual({
      rate: '96.21',
      place: 1,
      heldBy: null,
    });
    // Counted as a competitor, the exchange's own 97 would push every target down by one.
    const withOwn = (await competitors(null)).rates;
    expect(shown(positionedRate(withOwn, { place: 3, ...BOUNDS }))).toEqual({
      rate: '95.91',
      place: 3,
      heldBy: null,
    });
  });

  it('stops at the floor and at the ceiling, and takes the floor when fewer exchangers list the direction than the place', async () => {
    const { rates } = await competitors();
    // Third place needs 95.51, below a floor of 96: the floor, which lists second.
    expect(shown(positionedRate(rates, { place: 3, ...BOUNDS, floor: '96' }))).toEqual({
      rate: '96',
      place: 2,
      heldBy: 'floor',
    });
    // First place needs 96.21, above a ceiling of 96.1: the ceiling, second.
    expect(shown(positionedRate(rates, { place: 1, ...BOUNDS, ceiling: '96.1' }))).toEqual({
      rate: '96.1',
      place: 2,
      heldBy: 'ceiling',
    });
    expect(shown(positionedRate(rates, { place: 6, ...BOUNDS }))).toEqual({
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
    expect(competitorRates(archive, 'USDTTRC20', 'SBERRUB', OWN)!.map(decimalText)).toEqual(['95.5']);
  });
});
