import { type BestChangeListing, ratesArchiveOf } from '@infra/local/bestchange-stand-in';
import { postToStandIn } from '@infra/local/stand-in-server';
import { MAX_RATE_CHANGES } from '@shared/constants';
import { childMain, runInChild } from './child';
import { startMeteredStack } from './metered-stack';

/**
 * The rates job's positioning step as it runs (functions/domain/rates/bestchange/hold-place.ts),
 * on a stack of its own: every card direction of the seed both ways (the most a table holds: a
 * direction is an asset pair, and cash cannot hold a place) given a place, against an archive of
 * BestChange's size in which each has 40 competitors. Three runs: the first (every figure set),
 * one a minute later with nothing moved, and one 5 minutes on (every position confirmed); each run's
 * time and the table's read and write units it used. In a child process (test/bench/child.ts).
 */
const COMPETITORS = 40;
/** Lines of other currencies' directions, to bring the archive to BestChange's size. */
const ARCHIVE_LINES = 100_000;

export interface PositioningJobRun {
  name: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
  writes: number;
}

export interface PositioningJobCost {
  directions: number;
  runs: PositioningJobRun[];
}

export function measurePositioningJobCostApart(): Promise<PositioningJobCost> {
  return runInChild<PositioningJobCost>(import.meta.filename);
}

async function measure(): Promise<PositioningJobCost> {
  const { stack, meter } = await startMeteredStack(`bench-positioning-${Date.now()}`);
  try {
    const { offeredSeedCurrencies, SEED_USD_VALUES } = await import('@functions/seed/rates-data');
    const { putRates } = await import('@functions/domain/rates/rates');
    const { holdPlaces } = await import('@functions/domain/rates/bestchange/hold-place');
    const codes = offeredSeedCurrencies();
    const archiveUrl = process.env.BESTCHANGE_ARCHIVE_URL!;
    await postToStandIn(archiveUrl.replace(/\/info\.zip$/, ''), '/_local/raw', {
      base64: Buffer.from(ratesArchiveOf(listingFor(codes, SEED_USD_VALUES))).toString('base64'),
    });
    const directions = codes.flatMap((code) => {
      const perUsdt = (SEED_USD_VALUES.USDT ?? 1) / SEED_USD_VALUES[code]!;
      const positioning = {
        unit: 'USDT',
        place: 3,
        floor: (perUsdt * 0.5).toFixed(4),
        ceiling: (perUsdt * 1.5).toFixed(4),
        step: '0.0001',
      };
      return [
        { assetFrom: 'usdt-trc20', assetTo: `card-${code}`, positioning },
        { assetFrom: `card-${code}`, assetTo: 'usdt-trc20', positioning },
      ];
    });
    for (let start = 0; start < directions.length; start += MAX_RATE_CHANGES) {
      await putRates(
        { currencies: [], directions: directions.slice(start, start + MAX_RATE_CHANGES) },
        { id: 'bench', role: 'ADMIN' },
      );
    }
    const first = new Date();
    const runs: PositioningJobRun[] = [];
    for (const [name, at] of [
      ['first run: every figure set', first],
      ['a minute later: nothing moved', new Date(first.getTime() + 60_000)],
      ['5 minutes on: every position confirmed', new Date(first.getTime() + 5 * 60_000)],
    ] as const) {
      meter.reset();
      const started = performance.now();
      const run = await holdPlaces(at, { url: archiveUrl, timeoutMs: 30_000 });
      runs.push({
        name,
        ms: Math.round(performance.now() - started),
        readUnits: Math.round(meter.readUnits * 10) / 10,
        writeUnits: Math.round(meter.writeUnits),
        writes: run.writes,
      });
    }
    return { directions: directions.length, runs };
  } finally {
    await stack.stop();
  }
}

/** An archive listing every seeded card direction both ways with COMPETITORS exchangers, and filler. */
function listingFor(codes: readonly string[], usdValues: Record<string, number>): BestChangeListing {
  const currencies = [
    { id: 1, code: 'USDTTRC20' },
    ...codes.map((code, index) => ({ id: index + 2, code: `CARD${code}` })),
  ];
  const exchangers = Array.from({ length: 400 }, (_, index) => ({
    id: index + 1,
    name: `Обменник ${index + 1}`,
  }));
  const rates: BestChangeListing['rates'] = [];
  codes.forEach((code, index) => {
    const perUsdt = (usdValues.USDT ?? 1) / usdValues[code]!;
    for (let exchanger = 1; exchanger <= COMPETITORS; exchanger += 1) {
      const spread = 1 + ((exchanger * 37) % 100) / 2000;
      const reserve = '100000';
      rates.push(
        {
          fromId: 1,
          toId: index + 2,
          exchangerId: exchanger,
          give: '1',
          receive: (perUsdt / spread).toFixed(6),
          reserve,
        },
        {
          fromId: index + 2,
          toId: 1,
          exchangerId: exchanger,
          give: (perUsdt * spread).toFixed(6),
          receive: '1',
          reserve,
        },
      );
    }
  });
  // Other currencies' lines, as BestChange lists hundreds of currencies the exchange does not offer.
  for (let line = 0; rates.length < ARCHIVE_LINES; line += 1) {
    const fromId = 1000 + (line % 500);
    rates.push({
      fromId,
      toId: fromId + 1,
      exchangerId: (line % 400) + 1,
      give: '1',
      receive: (1 + (line % 97) / 100).toFixed(4),
      reserve: '1000',
    });
  }
  return { currencies, exchangers, rates };
}

export function renderPositioningJobCost(cost: PositioningJobCost): string {
  return [
    `The rates job holding ${cost.directions} places (every seeded card direction both ways), ${COMPETITORS} competitors each, an archive of ${ARCHIVE_LINES.toLocaleString('en-US')} lines:`,
    '| run | time | read units | write units | positions written |',
    '|---|---|---|---|---|',
    ...cost.runs.map(
      (run) => `| ${run.name} | ${run.ms} ms | ${run.readUnits} | ${run.writeUnits} | ${run.writes} |`,
    ),
  ].join('\n');
}

await childMain(import.meta.url, measure);
