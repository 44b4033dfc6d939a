import { findGeoNodes } from '@functions/data/geo';
import { listLedgerAccounts } from '@functions/data/ledger';
import { ALL, type RollupItem, type RollupRange, readRollups } from '@functions/data/report-rollups';
import { findUserSummaries } from '@functions/data/user-summaries';
import { currencyDecimals } from '@shared/assets';
import { shiftDay } from '@shared/business-time';
import type { Report, ReportFigures, ReportQuery } from '@shared/contract/reports';
import { periodDays } from '@shared/contract/transactions';
import { accountNameIn } from '@shared/ledger';
import { divide, ofUnits, unitsText } from '@shared/money';
import {
  type Breakdown,
  DURATIONS,
  type Duration,
  FUNNEL_STEPS,
  OUTCOMES,
  percentileOf,
  previousPeriod,
  type ReportingCurrency,
} from '@shared/reports';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import { figure, type HistogramName, histogramFigure } from './figures';

/** Up to this many days a report reads its days' rollups, and its series is by day; longer, by month. */
const DAILY_UP_TO_DAYS = 62;

const monthEnd = (month: string) => shiftDay(`${shiftDay(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * The rollups a period reads (keys.ts pattern 48): its days, when it is short; else its edge days
 * and the whole months between, so a year is 12 months and at most 60 days.
 */
export function rollupRanges(from: string, to: string): RollupRange[] {
  if (periodDays(from, to) <= DAILY_UP_TO_DAYS) return [{ from: `D${from}`, to: `D${to}` }];
  const ranges: RollupRange[] = [];
  let firstMonth = from.slice(0, 7);
  if (!from.endsWith('-01')) {
    ranges.push({ from: `D${from}`, to: `D${monthEnd(firstMonth)}` });
    firstMonth = shiftDay(monthEnd(firstMonth), 1).slice(0, 7);
  }
  let lastMonth = to.slice(0, 7);
  const trailing = to !== monthEnd(lastMonth);
  if (trailing) lastMonth = shiftDay(`${lastMonth}-01`, -1).slice(0, 7);
  if (firstMonth <= lastMonth) ranges.push({ from: `M${firstMonth}`, to: `M${lastMonth}` });
  if (trailing) ranges.push({ from: `D${to.slice(0, 7)}-01`, to: `D${to}` });
  return ranges;
}

/** Figures summed over rollup items. */
export function summed(items: readonly RollupItem[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item.figures)) sums.set(name, (sums.get(name) ?? 0n) + value);
  }
  return sums;
}

const count = (sums: ReadonlyMap<string, bigint>, name: string) => Number(sums.get(name) ?? 0n);
const amountText = (units: bigint, currency: string) => unitsText(units, currencyDecimals(currency));

/** Each currency's amount of the figures named `{prefix}{currency}`, by currency. */
function perCurrency(sums: ReadonlyMap<string, bigint>, prefix: string) {
  return [...sums]
    .filter(([name, units]) => name.startsWith(prefix) && units !== 0n)
    .map(([name, units]) => ({
      currency: name.slice(prefix.length),
      amount: amountText(units, name.slice(prefix.length)),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A histogram's buckets (`h_{name}_{bucket}`) from the sums. */
function histogram(sums: ReadonlyMap<string, bigint>, name: HistogramName): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const [figureName, value] of sums) {
    const bucket = histogramFigure(figureName);
    if (bucket?.histogram === name && value > 0n) buckets.set(bucket.bucket, Number(value));
  }
  return buckets;
}

function durationOf(sums: ReadonlyMap<string, bigint>, name: Duration) {
  const buckets = histogram(sums, name);
  return {
    count: [...buckets.values()].reduce((total, value) => total + value, 0),
    median: percentileOf(buckets, 0.5),
    p90: percentileOf(buckets, 0.9),
  };
}

/** The figures of summed rollups, amounts as exact decimal text. */
export function figuresOf(
  sums: ReadonlyMap<string, bigint>,
  reportingCurrency: ReportingCurrency,
): ReportFigures {
  const tickets = count(sums, figure.tickets);
  const median = percentileOf(histogram(sums, 'tickets'), 0.5);
  return {
    funnel: Object.fromEntries(
      FUNNEL_STEPS.map((step) => [step, count(sums, figure.funnel(step))]),
    ) as ReportFigures['funnel'],
    outcomes: Object.fromEntries(
      OUTCOMES.map((outcome) => [outcome, count(sums, figure.outcome(outcome))]),
    ) as ReportFigures['outcomes'],
    turnover: perCurrency(sums, figure.turnover('')),
    profit: perCurrency(sums, figure.profit('')),
    reporting: {
      currency: reportingCurrency,
      turnover: amountText(sums.get(figure.reportingTurnover(reportingCurrency)) ?? 0n, reportingCurrency),
      profit: amountText(sums.get(figure.reportingProfit(reportingCurrency)) ?? 0n, reportingCurrency),
      partnerShares: amountText(sums.get(figure.partnerShares(reportingCurrency)) ?? 0n, reportingCurrency),
      profitAfterShares: amountText(
        (sums.get(figure.reportingProfit(reportingCurrency)) ?? 0n) -
          (sums.get(figure.partnerShares(reportingCurrency)) ?? 0n),
        reportingCurrency,
      ),
      dealsLeftOut: count(sums, figure.reportingMissing(reportingCurrency)),
    },
    dealsWithoutProfit: count(sums, figure.profitMissing),
    ticket: {
      count: tickets,
      average:
        tickets === 0
          ? null
          : unitsText(
              divide(
                ofUnits(sums.get(figure.ticketUnits) ?? 0n, currencyDecimals('USDT')),
                tickets,
                2,
                'half-up',
              ).units,
              2,
            ),
      median: median === null ? null : String(median),
    },
    clients: { new: count(sums, figure.newClients), returning: count(sums, figure.returningClients) },
    clicks: count(sums, figure.clicks),
    times: Object.fromEntries(
      DURATIONS.map((name) => [name, durationOf(sums, name)]),
    ) as ReportFigures['times'],
  };
}

/** The series' point of a rollup item: its day in a daily report, else its month. */
const pointOf = (item: RollupItem, daily: boolean) =>
  daily ? item.period.slice(1) : item.period.slice(1, 8);

/** Every day of the period (a daily series), or every month it touches. */
function pointsOf(from: string, to: string, daily: boolean): string[] {
  const points: string[] = [];
  for (let day = from; day <= to; day = daily ? shiftDay(day, 1) : shiftDay(monthEnd(day.slice(0, 7)), 1))
    points.push(daily ? day : day.slice(0, 7));
  return points;
}

export function seriesOf(
  items: readonly RollupItem[],
  period: { from: string; to: string; daily: boolean },
  currency: ReportingCurrency,
): Report['series'] {
  const byPoint = new Map<string, RollupItem[]>();
  for (const item of items) {
    const point = pointOf(item, period.daily);
    byPoint.set(point, [...(byPoint.get(point) ?? []), item]);
  }
  return pointsOf(period.from, period.to, period.daily).map((point) => {
    const sums = summed(byPoint.get(point) ?? []);
    return {
      period: point,
      turnover: amountText(sums.get(figure.reportingTurnover(currency)) ?? 0n, currency),
      profit: amountText(sums.get(figure.reportingProfit(currency)) ?? 0n, currency),
    };
  });
}

/** The names of a breakdown's values that have one: a city's, an account's, a staff member's. */
async function labelsOf(by: Breakdown, values: string[]): Promise<Map<string, { ru: string; en: string }>> {
  const labels = new Map<string, { ru: string; en: string }>();
  if (by === 'city') {
    for (const [key, node] of await findGeoNodes(values.filter((value) => value !== 'none')))
      labels.set(key, { ru: node.names.ru, en: node.names.en });
  }
  if (by === 'account') {
    const accounts = new Map((await listLedgerAccounts()).map((account) => [account.id, account]));
    for (const value of values) {
      const account = accounts.get(value) ?? { id: value, name: value };
      if (value !== 'none')
        labels.set(value, { ru: accountNameIn(account, 'ru'), en: accountNameIn(account, 'en') });
    }
  }
  if (by === 'staff') {
    for (const [id, staff] of await findUserSummaries(values.filter((value) => value !== 'none'))) {
      const name = staff.username ?? staff.email;
      labels.set(id, { ru: name, en: name });
    }
  }
  return labels;
}

/** A breakdown of the period: each value's figures, the largest turnover in the reporting currency first. */
async function breakdownOf(
  by: Breakdown,
  ranges: readonly RollupRange[],
  currency: ReportingCurrency,
): Promise<NonNullable<Report['breakdown']>> {
  const items = await readRollups(by, ranges);
  const byValue = new Map<string, RollupItem[]>();
  for (const item of items) byValue.set(item.value, [...(byValue.get(item.value) ?? []), item]);
  const labels = await labelsOf(by, [...byValue.keys()]);
  const rows = [...byValue].flatMap(([value, valueItems]) => {
    const sums = summed(valueItems);
    // A value whose figures all came back to nothing (an expiry undone by a late payment) is no row.
    if ([...sums.values()].every((figure) => figure === 0n)) return [];
    return {
      value,
      label: labels.get(value) ?? null,
      figures: figuresOf(sums, currency),
      weight: sums.get(figure.reportingTurnover(currency)) ?? 0n,
    };
  });
  rows.sort((a, b) =>
    a.weight === b.weight ? a.value.localeCompare(b.value) : a.weight > b.weight ? -1 : 1,
  );
  return { by, rows: rows.map(({ weight: _, ...row }) => row) };
}

/**
 * GET /admin/reports: the period's figures beside the period before's, its series and, when asked,
 * a breakdown; all read from the rollups the deals' moves wrote, never from the deals.
 */
export async function buildReport(query: ReportQuery): Promise<Report> {
  const [timeZone, currency] = await Promise.all([businessTimeZone(), settingValue('reportingCurrency')]);
  const reportingCurrency = currency as ReportingCurrency;
  const previous = previousPeriod(query.from, query.to);
  const ranges = rollupRanges(query.from, query.to);
  const [current, before, breakdown] = await Promise.all([
    readRollups(ALL.breakdown, ranges),
    readRollups(ALL.breakdown, rollupRanges(previous.from, previous.to)),
    query.breakdown ? breakdownOf(query.breakdown, ranges, reportingCurrency) : null,
  ]);
  const daily = periodDays(query.from, query.to) <= DAILY_UP_TO_DAYS;
  return {
    from: query.from,
    to: query.to,
    timeZone,
    figures: figuresOf(summed(current), reportingCurrency),
    previous: { ...previous, figures: figuresOf(summed(before), reportingCurrency) },
    series: seriesOf(current, { from: query.from, to: query.to, daily }, reportingCurrency),
    breakdown,
  };
}
