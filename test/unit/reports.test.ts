import type { ApplicationRecord } from '@functions/data/applications';
import { moveNamed } from '@shared/lifecycle';
import { decimal } from '@shared/money';
import {
  bucketOf,
  durationBucketOf,
  monthOf,
  percentileOf,
  previousPeriod,
  sourceParts,
  sourceValue,
  weekOf,
} from '@shared/reports';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit-test');
const { rollupRanges } = await import('@functions/domain/reports/report');
const { moveDeltas } = await import('@functions/domain/reports/rollup-events');
const { rollupParts } = await import('@functions/data/report-rollups');

/** The reports' arithmetic (docs/architecture.md "Reports"): buckets, percentiles, periods, sources, rollups. */
describe('a value kept in a histogram', () => {
  it('keeps three significant digits, cut down, and whole numbers below 1,000 as they are', () => {
    expect([0, 37, 37.9, 999, 1000, 1234, 98_765, 1_234_567, -5].map((value) => bucketOf(value))).toEqual([
      0, 37, 37, 999, 1000, 1230, 98_700, 1_230_000, 0,
    ]);
  });

  it('keeps a duration exact below 10 seconds and within 10 % above, cut down', () => {
    expect([0, 9, 10, 37, 99, 100, 103, 245, 1234, 3725].map(durationBucketOf)).toEqual([
      0, 9, 10, 36, 94, 94, 103, 236, 1175, 3679,
    ]);
    for (let seconds = 10; seconds < 200_000; seconds += 7) {
      const bucket = durationBucketOf(seconds);
      expect({ seconds, within: bucket <= seconds && (seconds - bucket) / seconds < 0.1 }).toEqual({
        seconds,
        within: true,
      });
    }
  });

  it('gives the nearest-rank percentile of the buckets, none of an empty histogram', () => {
    const histogram = new Map([
      [10, 1],
      [40, 1],
      [20, 1],
      [30, 1],
    ]);
    expect([0.5, 0.75, 0.9, 1].map((p) => percentileOf(histogram, p))).toEqual([20, 30, 40, 40]);
    expect(percentileOf(new Map([[120, 3]]), 0.9)).toBe(120);
    expect(percentileOf(new Map(), 0.5)).toBeNull();
  });
});

describe('the period before', () => {
  it('is as many whole months before a period of whole months', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-02-28')).toEqual({ from: '2025-11-01', to: '2025-12-31' });
  });

  it('is as many days right before any other period', () => {
    expect(previousPeriod('2026-11-23', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(previousPeriod('2026-11-29', '2026-11-29')).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(previousPeriod('2026-03-05', '2026-03-31')).toEqual({ from: '2026-02-06', to: '2026-03-04' });
  });

  it("has the page's presets: the week from Monday and the calendar month", () => {
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe("a deal's source", () => {
  it("is a partner's link, whatever else it carried, by the partner's code", () => {
    expect(
      sourceValue({ partner: 'ANNA7', monitorFrom: 'SBERRUB', referrer: 'www.bestchange.ru' }, false),
    ).toBe('partner:ANNA7');
    expect(sourceParts('partner:ANNA7')).toEqual({ kind: 'partner', detail: 'ANNA7' });
  });

  it('is the monitor, the campaign, the referring site, the referral or direct, in that order', () => {
    expect(sourceValue({ monitorFrom: 'SBERRUB', referrer: 'www.bestchange.ru' }, true)).toBe(
      'monitor:www.bestchange.ru',
    );
    expect(sourceValue({ monitorTo: 'USDTTRC20' }, false)).toBe('monitor');
    expect(sourceValue({ utmSource: 'google', utmCampaign: 'spring', referrer: 'google.com' }, false)).toBe(
      'campaign:google / spring',
    );
    expect(sourceValue({ referrer: 'forum.example' }, true)).toBe('site:forum.example');
    expect(sourceValue(null, true)).toBe('referral');
    expect(sourceValue(undefined, false)).toBe('direct');
  });
});

describe('the rollups a period reads', () => {
  it('are its days up to 62 days', () => {
    expect(rollupRanges('2026-11-01', '2026-11-29')).toEqual([{ from: 'D2026-11-01', to: 'D2026-11-29' }]);
    expect(rollupRanges('2026-10-01', '2026-12-01')).toEqual([{ from: 'D2026-10-01', to: 'D2026-12-01' }]);
  });

  it('are the edge days and the whole months between for a longer one', () => {
    expect(rollupRanges('2026-01-15', '2026-12-10')).toEqual([
      { from: 'D2026-01-15', to: 'D2026-01-31' },
      { from: 'M2026-02', to: 'M2026-11' },
      { from: 'D2026-12-01', to: 'D2026-12-10' },
    ]);
    expect(rollupRanges('2026-01-01', '2026-12-31')).toEqual([{ from: 'M2026-01', to: 'M2026-12' }]);
    expect(rollupRanges('2025-12-20', '2026-02-28')).toEqual([
      { from: 'D2025-12-20', to: 'D2025-12-31' },
      { from: 'M2026-01', to: 'M2026-02' },
    ]);
    expect(rollupRanges('2026-01-31', '2026-05-01')).toEqual([
      { from: 'D2026-01-31', to: 'D2026-01-31' },
      { from: 'M2026-02', to: 'M2026-04' },
      { from: 'D2026-05-01', to: 'D2026-05-01' },
    ]);
  });
});

/** A deal of 1,000 EUR by card for 1,050 USDT, taken and paid out, as the completing move finds it. */
function exchanging(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id: 'deal-1',
    userId: 'client-1',
    status: 'EXCHANGING',
    createdAt: '2026-11-28T20:30:00.000Z',
    statusChangedAt: '2026-11-29T09:00:00.000Z',
    assetFrom: 'card-EUR',
    assetTo: 'usdt-trc20',
    currencyFrom: 'EUR',
    currencyTo: 'USDT',
    amountFrom: 1000,
    amountTo: 1050,
    city: 'europe.spain.madrid',
    assignedToId: 'manager-1',
    instructions: null,
    payoutReversal: null,
    ...overrides,
  } as ApplicationRecord;
}

const snapshot = {
  completedAt: '2026-11-29T09:05:00.000Z',
  rate: 1.05,
  amountFrom: 1000,
  amountTo: 1050,
  currencyFrom: 'EUR',
  currencyTo: 'USDT',
  marketRate: 1.08,
  marketSource: 'feed' as const,
  marketAsOf: '2026-11-29T09:00:00.000Z',
  fiatCurrency: 'EUR',
  profitFiat: 27.78,
  profitUsdt: 30,
};

/** The deltas of completing it: its ending (on the day) and its funnel step (on the day it was created). */
function completion(
  application: ApplicationRecord,
  money: { snapshot: typeof snapshot | null; rub: string | null },
) {
  const deltas = moveDeltas({
    move: moveNamed('complete'),
    before: application,
    actor: { id: 'manager-1', role: 'MANAGER' },
    now: new Date('2026-11-29T09:05:00.000Z'),
    owner: { completedDeals: 2, referred: false },
    timeZone: 'Europe/Moscow',
    completion: { snapshot: money.snapshot, rubPerUsdt: money.rub === null ? null : decimal(money.rub) },
  });
  return {
    ending: deltas.find((delta) => 'o_completed' in delta.figures)!,
    funnel: deltas.find((delta) => 'f_completed' in delta.figures)!,
    ticket: deltas.find((delta) => Object.keys(delta.figures).some((name) => name.startsWith('hK'))),
    count: deltas.length,
  };
}

describe('what a completion adds', () => {
  it('counts on its own day, and its funnel step on the day the deal was created', () => {
    const { ending, funnel } = completion(exchanging(), { snapshot, rub: '80.25' });
    expect(ending.day).toBe('2026-11-29');
    expect(funnel).toEqual({
      day: '2026-11-28',
      under: [
        ['all', '-'],
        ['direction', 'card-EUR>usdt-trc20'],
        ['city', 'europe.spain.madrid'],
        ['source', 'direct'],
      ],
      figures: { f_completed: 1n },
    });
    expect(ending.under).toContainEqual(['staff', 'manager-1']);
  });

  it('adds turnover and profit in minor units, and in RUB at the market then', () => {
    const { ending, ticket, count } = completion(exchanging(), { snapshot, rub: '80.25' });
    expect(count).toBe(3);
    // The ticket's histogram is the whole business's alone (the median is read there).
    expect(ticket).toEqual({ day: '2026-11-29', under: [['all', '-']], figures: { hK1050: 1n } });
    expect(ending.figures).toEqual({
      o_completed: 1n,
      c_returning: 1n,
      t_EUR: 100_000n,
      t_USDT: 1_050_000_000n,
      rt_USDT: 1_050_000_000n,
      rt_RUB: 8_426_250n,
      rp_USDT: 30_000_000n,
      rp_RUB: 240_750n,
      p_EUR: 2778n,
      tk_n: 1n,
      tk_units: 1_050_000_000n,
    });
  });

  it("takes a RUB deal's own RUB side, and leaves out what no market value covers", () => {
    const rubDeal = exchanging({ assetFrom: 'card-RUB', currencyFrom: 'RUB', amountFrom: 84_000 });
    const { ending: rub } = completion(rubDeal, {
      snapshot: { ...snapshot, currencyFrom: 'RUB', fiatCurrency: 'RUB', profitFiat: 1200.5 },
      rub: null,
    });
    expect([rub.figures.rt_RUB, rub.figures.rp_RUB, rub.figures.rm_RUB]).toEqual([
      8_400_000n,
      120_050n,
      undefined,
    ]);
    const { ending: unknown } = completion(exchanging(), { snapshot: null, rub: null });
    expect([
      unknown.figures.rm_RUB,
      unknown.figures.pm,
      unknown.figures.rt_RUB,
      unknown.figures.p_EUR,
    ]).toEqual([1n, 1n, undefined, undefined]);
  });
});

describe('the parts a move writes', () => {
  it("merge every figure of one item into one ADD, each on the day's and the month's item", () => {
    const parts = rollupParts([
      { day: '2026-11-29', under: [['all', '-']], figures: { o_completed: 1n, zero: 0n } },
      { day: '2026-11-28', under: [['all', '-']], figures: { f_completed: 1n } },
    ]);
    const updates = parts.map((part) => part.item.Update!);
    expect(updates.map((update) => update.Key)).toEqual([
      { pk: 'REPORT#all', sk: 'D2026-11-29#-' },
      { pk: 'REPORT#all', sk: 'M2026-11#-' },
      { pk: 'REPORT#all', sk: 'D2026-11-28#-' },
    ]);
    expect(updates[1]!.ExpressionAttributeNames).toEqual({ '#f0': 'o_completed', '#f1': 'f_completed' });
    expect(updates[0]!.UpdateExpression).toBe('ADD #f0 :v0');
  });
});
