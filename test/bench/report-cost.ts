import type { Breakdown } from '@shared/reports';
import { bucketOf, durationBucketOf } from '@shared/reports';
import { meterConsumedCapacity } from '../support/consumed-capacity';
import { childMain, runInChild } from './child';
import { startMeteredStack } from './metered-stack';

/**
 * The reports at size (docs/architecture.md "Reports"): a year and a month of rollups as 20,000
 * deals a day write them (a day's and a month's item per breakdown value; each item's histograms
 * drawn from up to 200 of its deals and its counts scaled to all of them), put straight into
 * DynamoDB Local, then GET /admin/reports's
 * domain function for the worst year a request may ask (366 days, not month-aligned: two edge
 * runs of days and eleven months, and the period before), whole and by each breakdown: its time
 * and the read units it used. In a child process with a stack of its own (test/bench/child.ts).
 */
const DEALS_PER_DAY = 20_000;
/** Values per breakdown at that size: directions, cities, accounts, staff members, sources. */
const VALUES: Record<Breakdown, number> = { direction: 16, city: 20, account: 20, staff: 30, source: 15 };
const FIRST_DAY = '2025-11-01';
const LAST_DAY = '2026-12-31';
/** The year asked: 366 days from the middle of a month. */
const ASKED = { from: '2025-12-15', to: '2026-12-15' };

export interface ReportCost {
  items: number;
  seedSeconds: number;
  reads: Array<{ breakdown: string; ms: number; readUnits: number; calls: number }>;
}

export function measureReportCostApart(): Promise<ReportCost> {
  return runInChild<ReportCost>(import.meta.filename);
}

/** A seeded pseudo-random source: the same figures every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A value drawn around `median`, log-normally (tickets, durations). */
const around = (next: () => number, median: number) =>
  Math.round(median * Math.exp((next() + next() + next() - 1.5) * 1.6));

/** Deals drawn per item: the histograms' shapes (how many buckets a day fills) come from these, scaled to the day's deals. */
const SAMPLES = 200;

/** The figures `deals` deals of one day write to one value's item (drawn from SAMPLES of them, scaled). */
function dayFigures(next: () => number, deals: number, histograms: { tickets: boolean; durations: boolean }) {
  const figures: Record<string, number> = {};
  const samples = Math.min(deals, SAMPLES);
  const scale = Math.round(deals / samples);
  const add = (name: string, by: number) => {
    figures[name] = (figures[name] ?? 0) + by * scale;
  };
  for (let deal = 0; deal < samples; deal += 1) {
    const usdt = around(next, 500);
    add('f_created', 1);
    add('o_completed', 1);
    add('t_USDT', usdt * 1_000_000);
    add('t_RUB', usdt * 9_500);
    add('rt_USDT', usdt * 1_000_000);
    add('rt_RUB', usdt * 9_500);
    add('rp_USDT', usdt * 10_000);
    add('p_RUB', usdt * 95);
    add('tk_n', 1);
    add('tk_units', usdt * 1_000_000);
    if (histograms.tickets) add(`hK${bucketOf(usdt)}`, 1);
    if (histograms.durations) {
      add(`hT${durationBucketOf(around(next, 90))}`, 1);
      add(`hP${durationBucketOf(around(next, 600))}`, 1);
    }
  }
  return figures;
}

const days = (from: string, to: string) => {
  const list: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day = new Date(day.getTime() + 86_400_000)
  )
    list.push(day.toISOString().slice(0, 10));
  return list;
};

async function measure(): Promise<ReportCost> {
  const { stack } = await startMeteredStack(`bench-reports-${Date.now()}`);
  try {
    return await measureOn();
  } finally {
    // Its DynamoDB Local is a process of its own: the child's exit would leave it running.
    await stack.stop();
  }
}

async function measureOn(): Promise<ReportCost> {
  const { exactDb } = await import('@functions/data/client');
  const { putAll } = await import('@functions/data/bulk-writes');
  const { keys } = await import('@functions/data/keys');
  const { buildReport } = await import('@functions/domain/reports/report');
  const meter = meterConsumedCapacity(exactDb);

  const seeded = performance.now();
  const next = random(38);
  let items = 0;
  const breakdowns: Array<[string, number]> = [['all', 1], ...Object.entries(VALUES)];
  for (const [breakdown, values] of breakdowns) {
    const months = new Map<string, Record<string, number>>();
    const batch: Record<string, unknown>[] = [];
    for (const day of days(FIRST_DAY, LAST_DAY)) {
      for (let value = 0; value < values; value += 1) {
        const figures = dayFigures(next, Math.round(DEALS_PER_DAY / values), {
          tickets: breakdown === 'all',
          durations: breakdown === 'all' || breakdown === 'staff',
        });
        const name = breakdown === 'all' ? '-' : `${breakdown}-${value}`;
        batch.push({ ...keys.reportRollup(breakdown, `D${day}`, name), ...figures });
        const month = `M${day.slice(0, 7)}#${name}`;
        const sums = months.get(month) ?? {};
        for (const [figure, by] of Object.entries(figures)) sums[figure] = (sums[figure] ?? 0) + by;
        months.set(month, sums);
      }
    }
    for (const [sk, figures] of months) batch.push({ pk: keys.reportPartition(breakdown), sk, ...figures });
    await putAll(batch);
    items += batch.length;
  }
  const seedSeconds = Math.round((performance.now() - seeded) / 1000);

  const reads: ReportCost['reads'] = [];
  // Once to warm the code, then measured.
  await buildReport(ASKED);
  for (const breakdown of [undefined, ...(Object.keys(VALUES) as Breakdown[])]) {
    meter.reset();
    const started = performance.now();
    await buildReport({ ...ASKED, ...(breakdown ? { breakdown } : {}) });
    reads.push({
      breakdown: breakdown ?? 'none (the whole business)',
      ms: Math.round(performance.now() - started),
      readUnits: Math.round(meter.readUnits),
      calls: meter.calls,
    });
  }
  return { items, seedSeconds, reads };
}

export function renderReportCost(cost: ReportCost): string {
  const rows = cost.reads.map(
    (read) => `| ${read.breakdown} | ${read.ms} ms | ${read.readUnits} | ${read.calls} |`,
  );
  return [
    `The reports at ${DEALS_PER_DAY.toLocaleString('en-US')} deals a day: ${cost.items.toLocaleString('en-US')} rollup items` +
      ` (${FIRST_DAY} to ${LAST_DAY}, seeded in ${cost.seedSeconds} s); GET /admin/reports's domain function for` +
      ` ${ASKED.from} to ${ASKED.to} (366 days, with the period before), target under 1,000 ms:`,
    '| breakdown | time | read units | calls |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

await childMain(import.meta.url, measure);
