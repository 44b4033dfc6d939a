import type { Duration, FunnelStep, Outcome } from '@shared/reports';

/**
 * The names of the figures a rollup item keeps (functions/data/report-rollups.ts), written by
 * rollup-events.ts and read by report.ts. Money is in the currency's minor units (cents, micro-USDT).
 */
export const figure = {
  /** Deals created on the day that reached the step (the funnel, by cohort). */
  funnel: (step: FunnelStep) => `f_${step}`,
  /** Deals that ended so on the day. */
  outcome: (outcome: Outcome) => `o_${outcome}`,
  /** What completed deals moved in one currency, both sides counted in theirs. */
  turnover: (currency: string) => `t_${currency}`,
  /** Completed deals' profit in their fiat currency. */
  profit: (currency: string) => `p_${currency}`,
  /** Turnover (the USDT side, or the RUB side of a RUB deal) in a reporting currency. */
  reportingTurnover: (currency: string) => `rt_${currency}`,
  /** Profit in a reporting currency. */
  reportingProfit: (currency: string) => `rp_${currency}`,
  /** Partners' shares of completed deals in a reporting currency (USDT as booked, RUB at the market then). */
  partnerShares: (currency: string) => `ps_${currency}`,
  /** Completed deals left out of a reporting currency's figures: no market value of it then. */
  reportingMissing: (currency: string) => `rm_${currency}`,
  /** Completed deals with amounts but no profit: no market rate at completion. */
  profitMissing: 'pm',
  /** Completed deals with amounts: their number, their USDT sides' sum and the sides' histogram. */
  tickets: 'tk_n',
  ticketUnits: 'tk_units',
  ticketBucket: (bucket: number) => `${HISTOGRAMS.tickets}${bucket}`,
  newClients: 'c_new',
  /** Arrivals from a source (POST /visits). */
  clicks: 'clk',
  returningClients: 'c_returning',
  /** A duration's histogram bucket (whole seconds). */
  durationBucket: (duration: Duration, bucket: number) => `${HISTOGRAMS[duration]}${bucket}`,
} as const;

/**
 * The histograms' names, one letter after `h`: an item holds hundreds of buckets, and a year's
 * staff breakdown reads every one of them, so each byte of a name is read thousands of times.
 */
const HISTOGRAMS = { tickets: 'hK', toTake: 'hT', toPayout: 'hP' } as const;
export type HistogramName = keyof typeof HISTOGRAMS;

/** The histogram a figure name belongs to, and its bucket (`hT37` → toTake, 37). */
export function histogramFigure(name: string): { histogram: HistogramName; bucket: number } | null {
  const match = /^(h[A-Z])(\d+)$/.exec(name);
  const histogram =
    match && (Object.keys(HISTOGRAMS) as HistogramName[]).find((key) => HISTOGRAMS[key] === match[1]);
  return histogram ? { histogram, bucket: Number(match[2]) } : null;
}
