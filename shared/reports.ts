import { shiftDay } from '@shared/business-time';
import type { VisitSource } from './visit-source';

/**
 * The reports' vocabulary (docs/product.md "Reports"), shared by the server that rolls the figures
 * up and the page that shows them: the funnel's steps, the outcomes, the breakdowns, how a
 * duration or a ticket is kept in a histogram, and how a period is compared with the one before.
 */

/** A deal's way through, counted on the business day it was created (its cohort). */
export const FUNNEL_STEPS = ['created', 'taken', 'instructed', 'paid', 'completed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** How deals ended, counted on the business day they ended. */
export const OUTCOMES = ['completed', 'expired', 'cancelled', 'rejected'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The one currency every figure is also given in (the setting reportingCurrency). */
export const REPORTING_CURRENCIES = ['RUB', 'USDT'] as const;
export type ReportingCurrency = (typeof REPORTING_CURRENCIES)[number];

/** What a figure can be broken down by; `all` is the whole business. */
export const BREAKDOWNS = ['direction', 'city', 'account', 'staff', 'source'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** The durations kept per staff member, in whole seconds: to take a deal, and from paid to paid out. */
export const DURATIONS = ['toTake', 'toPayout'] as const;
export type Duration = (typeof DURATIONS)[number];

/**
 * Durations and tickets are kept as counts per bucket, so a median or a 90th percentile of any
 * period adds up from days and months: a value's bucket is the value cut to its first `digits`
 * significant digits (three: 37 → 37, 1,234 → 1,230), so a percentile read from buckets is within
 * 1 % of the value's own (10 % with two), and exact below 1,000 (100).
 */
export function bucketOf(value: number, digits = 3): number {
  const whole = Math.max(0, Math.floor(value));
  if (whole < 10 ** digits) return whole;
  const step = 10 ** (String(whole).length - digits);
  return Math.floor(whole / step) * step;
}

/**
 * The durations' bucket edges (whole seconds): every second below 10, then each edge a tenth (cut
 * down) above the one before: 10, 11, … 19, 20, 22, … 94, 103, 113, …, about 25 a decade.
 */
const DURATION_EDGES: readonly number[] = (() => {
  const edges: number[] = [];
  for (let edge = 0; edge < 1e9; edge += Math.max(1, Math.floor(edge / 10))) edges.push(edge);
  return edges;
})();

/**
 * A duration's bucket (whole seconds): the largest edge at or below it, so exact below 10 s and
 * within 10 % above. A staff member's times are kept on every day and month they work: at 20,000
 * deals a day, buckets of three significant digits made the staff breakdown of a year read 13 MB
 * and two 2.3 MB in 1.4 s; these, about a quarter as many, keep it under 1 s
 * (test/bench/report-cost.ts).
 */
export function durationBucketOf(seconds: number): number {
  const whole = Math.max(0, Math.floor(seconds));
  let low = 0;
  let high = DURATION_EDGES.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (DURATION_EDGES[middle]! <= whole) low = middle;
    else high = middle - 1;
  }
  return DURATION_EDGES[low]!;
}

/**
 * The p-th percentile (0 < p ≤ 1) by nearest rank of values kept as counts per bucket: the bucket
 * holding the ⌈p·n⌉-th smallest value; null when there are none.
 */
export function percentileOf(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return bucket;
  }
  return null;
}

/** Whether the period is whole calendar months (the 1st to a month's last day). */
function wholeMonths(from: string, to: string): number | null {
  if (!from.endsWith('-01') || shiftDay(to, 1).slice(8) !== '01') return null;
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return (toYear! - fromYear!) * 12 + (toMonth! - fromMonth!) + 1;
}

/** The first day of the month `months` before or after the month of `day`. */
function shiftMonth(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number);
  const index = year! * 12 + (month! - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The period a report is compared with: as many whole calendar months before when it is whole
 * months (November with October), else as many days right before it (a week with the week before).
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const months = wholeMonths(from, to);
  if (months !== null) return { from: shiftMonth(from, -months), to: shiftDay(from, -1) };
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return { from: shiftDay(from, -days), to: shiftDay(from, -1) };
}

/** The week (Monday to Sunday) and the calendar month that hold `day`, as the page's presets. */
export function weekOf(day: string): { from: string; to: string } {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = shiftDay(day, -weekday);
  return { from, to: shiftDay(from, 6) };
}

export function monthOf(day: string): { from: string; to: string } {
  const from = `${day.slice(0, 7)}-01`;
  return { from, to: shiftDay(shiftMonth(from, 1), -1) };
}

/** Where a deal's client came from, as the reports group it. */
export const SOURCE_KINDS = ['partner', 'monitor', 'campaign', 'site', 'referral', 'direct'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * A deal's source as one value of the `source` breakdown, `{kind}` or `{kind}:{detail}`: the visit
 * it was applied from (a partner's link, by its code, whatever else the link carried: the partner
 * is who sent the client; a monitor's link, with the monitor's host when the referrer named it; a
 * campaign's utm_source and utm_campaign; another site's host), else the referral code the client
 * registered with, else direct.
 */
export function sourceValue(source: VisitSource | null | undefined, referred: boolean): string {
  if (source?.partner) return `partner:${source.partner}`;
  if (source?.monitorFrom || source?.monitorTo)
    return source.referrer ? `monitor:${source.referrer}` : 'monitor';
  if (source?.utmSource || source?.utmCampaign)
    return `campaign:${[source.utmSource, source.utmCampaign].filter(Boolean).join(' / ')}`;
  if (source?.referrer) return `site:${source.referrer}`;
  return referred ? 'referral' : 'direct';
}

/** A `source` value's kind and its detail (a host, a campaign), as the page writes it. */
export function sourceParts(value: string): { kind: SourceKind; detail: string | null } {
  const split = value.indexOf(':');
  const kind = (split < 0 ? value : value.slice(0, split)) as SourceKind;
  return {
    kind: SOURCE_KINDS.includes(kind) ? kind : 'direct',
    detail: split < 0 ? null : value.slice(split + 1),
  };
}
