/**
 * What each of the rates job's providers asks of us and promises (README, "Rates that follow the
 * market"): how often it may be called, how long it refuses after a 429, and how old its own
 * update may get before a price from it is stale. Apart from the adapters (providers.ts), so that
 * pricing a direction (quote.ts, in every rates route) does not bundle the fetch code.
 */
export type ProviderName = 'crypto-ticker' | 'fiat-reference' | 'usdt-market' | 'central-bank';

export interface ProviderTerms {
  /** Shortest time between two calls, successful or not. */
  callEverySeconds: number;
  /** After a 429 without `Retry-After`: how long the provider keeps refusing. */
  throttledSeconds: number;
  /**
   * How old the provider's own update time may get before its price is stale, whatever the
   * direction's `maxAgeMinutes` (which applies too: the larger of the two wins). 0 for a live
   * ticker, judged by the direction alone.
   */
  updateAllowanceMinutes: number;
}

export const PROVIDER_TERMS: Readonly<Record<ProviderName, ProviderTerms>> = {
  // Every run of the job (every minute; 50 s leaves room for the schedule's jitter).
  'crypto-ticker': { callEverySeconds: 50, throttledSeconds: 5 * 60, updateAllowanceMinutes: 0 },
  // open.er-api.com asks for at most hourly calls, refuses for 20 minutes after abuse and updates
  // once a day: a day and two hours of slack before its latest update is overdue.
  'fiat-reference': {
    callEverySeconds: 3600,
    throttledSeconds: 20 * 60,
    updateAllowanceMinutes: 26 * 60,
  },
  // EXMO's ticker, like Kraken's, every run; its documented limit (10 requests a second) is far off,
  // and it documents no refusal time, so a 429 without Retry-After backs off as the other ticker's.
  'usdt-market': { callEverySeconds: 50, throttledSeconds: 5 * 60, updateAllowanceMinutes: 0 },
  // The Bank of Russia sets its rates once a working day, for the next day: hourly calls see a new
  // day's rate within the hour. A rate dated Saturday is in force until Tuesday, and the usual 3- to
  // 4-day holidays add a day or two: five days before the rate in force is overdue.
  'central-bank': {
    callEverySeconds: 3600,
    throttledSeconds: 60 * 60,
    updateAllowanceMinutes: 5 * 24 * 60,
  },
};

/**
 * Minutes after its provider's update time at which a feed price pauses a direction: the larger
 * of the direction's maximum age and the provider's own allowance (docs/decisions.md), so a daily
 * reference rate does not pause every direction between its updates while the live ticker's
 * price still answers to the direction's `maxAgeMinutes`. An unknown provider has no allowance.
 */
export function staleAfterMinutes(provider: string | undefined, directionMaxAgeMinutes: number): number {
  const allowance =
    provider !== undefined && provider in PROVIDER_TERMS
      ? PROVIDER_TERMS[provider as ProviderName].updateAllowanceMinutes
      : 0;
  return Math.max(allowance, directionMaxAgeMinutes);
}
