import { competitorsOf, fetchRatesArchive } from '@functions/domain/rates/bestchange/archive';
import { positionedRate } from '@functions/domain/rates/bestchange/positioning';
import {
  type BestChangeListing,
  ratesArchiveOf,
  startBestChangeStandIn,
} from '@infra/local/bestchange-stand-in';
import { postToStandIn } from '@infra/local/stand-in-server';

/**
 * What holding a place on BestChange costs per run (issue 41 item 4), on an archive the size of
 * BestChange's: the fetch of `info.zip` from its stand-in, reading it (unzip, windows-1251, every
 * rate line exact) and positioning `DIRECTIONS` directions against their competitors, as the rates
 * job does once a minute. The job's table reads and writes are measured on its own stack
 * (positioning-job-cost.ts), with as many directions as a table can hold a place for.
 */
export const POSITIONED_DIRECTIONS = 200;
/** BestChange lists about this many currencies and exchangers; each direction here has 40 of them. */
const CURRENCIES = 600;
const EXCHANGERS = 400;
const PER_DIRECTION = 40;
const OWN = 1;
const RUNS = 5;

export interface PositioningCost {
  directions: number;
  rateLines: number;
  archiveBytes: number;
  /** Medians over RUNS, in ms. */
  fetchAndReadMs: number;
  positionMs: number;
}

/** A listing of BestChange's size: the first currencies' directions to the next five, PER_DIRECTION exchangers each, up to 100,000 lines. */
function bigListing(): { listing: BestChangeListing; pairs: Array<[string, string]> } {
  const currencies = Array.from({ length: CURRENCIES }, (_, index) => ({
    id: index + 1,
    code: `CUR${index + 1}`,
  }));
  const exchangers = Array.from({ length: EXCHANGERS }, (_, index) => ({
    id: index + 1,
    name: `Обменник ${index + 1}`,
  }));
  const pairs: Array<[string, string]> = [];
  const rates: BestChangeListing['rates'] = [];
  for (let from = 1; from <= CURRENCIES && rates.length < 100_000; from += 1) {
    for (let step = 1; step <= 5; step += 1) {
      const to = ((from + step - 1) % CURRENCIES) + 1;
      if (pairs.length < POSITIONED_DIRECTIONS) pairs.push([`CUR${from}`, `CUR${to}`]);
      for (let exchanger = 1; exchanger <= PER_DIRECTION; exchanger += 1) {
        const receive = (90 + ((from * 7 + to * 13 + exchanger * 17) % 1000) / 100).toFixed(4);
        rates.push({ fromId: from, toId: to, exchangerId: exchanger, give: '1', receive, reserve: '100000' });
      }
    }
  }
  return { listing: { currencies, exchangers, rates }, pairs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measurePositioningCost(): Promise<PositioningCost> {
  const { listing, pairs } = bigListing();
  const standIn = await startBestChangeStandIn();
  try {
    // Zipped once and served as it is: the stand-in's zipping is not the job's cost.
    const archiveBytes = ratesArchiveOf(listing);
    await postToStandIn(standIn.url, '/_local/raw', { base64: Buffer.from(archiveBytes).toString('base64') });
    const fetchAndRead: number[] = [];
    const position: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const archive = await fetchRatesArchive(standIn.archiveUrl, 30_000);
      const read = performance.now();
      for (const [from, to] of pairs) {
        const competitors = competitorsOf(archive, { from, to }, true, OWN);
        if (!competitors) throw new Error(`bench: no ${from} → ${to} in the archive`);
        positionedRate(
          competitors.map((competitor) => competitor.figure),
          { place: 3, floor: '90', ceiling: '100', step: '0.0001' },
          'higher',
        );
      }
      fetchAndRead.push(read - started);
      position.push(performance.now() - read);
    }
    return {
      directions: pairs.length,
      rateLines: listing.rates.length,
      archiveBytes: archiveBytes.byteLength,
      fetchAndReadMs: median(fetchAndRead),
      positionMs: median(position),
    };
  } finally {
    await standIn.stop();
  }
}

export function renderPositioningCost(cost: PositioningCost): string {
  return (
    `Holding a place on BestChange, per run (median of ${RUNS}): an archive of ${cost.rateLines.toLocaleString('en')} ` +
    `rate lines (${(cost.archiveBytes / 1024).toFixed(0)} KiB zipped) fetched from its stand-in and read in ` +
    `${cost.fetchAndReadMs.toFixed(0)} ms; ${cost.directions} directions positioned in ${cost.positionMs.toFixed(0)} ms`
  );
}
