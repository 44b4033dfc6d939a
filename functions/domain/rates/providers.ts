import { optionalEnv, requireEnv } from '@functions/commons/config';
import { RATE_DIGITS } from '@shared/exact-rate';
import { divideSignificant, toNumber } from '@shared/money';
import type { ProviderName } from './provider-terms';

/**
 * The rates job's market-data providers (README, "Rates that follow the market"). The base URLs
 * come from CDK context `ratesCryptoUrl` / `ratesFiatUrl` (defaults: Kraken, open.er-api.com). Two adapters: a crypto exchange's public ticker (Kraken's `GET /0/public/Ticker` shape)
 * for USDT, and a fiat reference feed (the `GET /latest/USD` shape of open.er-api.com) for every
 * fiat currency. Each call has a timeout; a failing provider is reported, never thrown past the job.
 * How often each may be called and how long its prices stay good: provider-terms.ts.
 */
export interface ProviderConfig {
  /** Base URL of the crypto ticker, e.g. https://api.kraken.com */
  cryptoUrl: string;
  /** Base URL of the fiat reference feed, e.g. https://open.er-api.com/v6 */
  fiatUrl: string;
  timeoutMs: number;
}

export function providerConfigFromEnv(): ProviderConfig {
  return {
    cryptoUrl: requireEnv('RATES_CRYPTO_URL'),
    fiatUrl: requireEnv('RATES_FIAT_URL'),
    timeoutMs: Number(optionalEnv('RATES_PROVIDER_TIMEOUT_MS', '3000')),
  };
}

/** USD values one provider answered, by currency code, and the provider's own time for them. */
export interface ProviderAnswer {
  provider: ProviderName;
  usdValues: Map<string, number>;
  /** When the provider's values were last updated (its own time, not when they were fetched). */
  asOf: Date;
}

export class ProviderFailed extends Error {
  constructor(
    provider: ProviderName,
    reason: string,
    /** Set when the provider refused with 429: its `Retry-After` in ms, or null without one. */
    readonly throttledForMs?: number | null,
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderFailed';
  }
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

async function getJson(
  provider: ProviderName,
  url: string,
  timeoutMs: number,
  now: Date,
): Promise<{ body: unknown; date: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderFailed(
      provider,
      (error as Error).name === 'TimeoutError' ? 'timed out' : String(error),
    );
  }
  if (response.status === 429) {
    throw new ProviderFailed(
      provider,
      'answered 429',
      retryAfterMs(response.headers.get('retry-after'), now),
    );
  }
  if (!response.ok) throw new ProviderFailed(provider, `answered ${response.status}`);
  try {
    return { body: await response.json(), date: response.headers.get('date') };
  } catch {
    throw new ProviderFailed(provider, 'answered no JSON');
  }
}

const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
};

/** USDT in USD from the crypto ticker's last trade price (`result.USDTZUSD.c[0]`). */
export async function fetchCryptoTicker(config: ProviderConfig, now: Date): Promise<ProviderAnswer> {
  const provider = 'crypto-ticker';
  const { body, date } = await getJson(
    provider,
    `${config.cryptoUrl}/0/public/Ticker?pair=USDTZUSD`,
    config.timeoutMs,
    now,
  );
  const price = positive((body as { result?: Record<string, { c?: unknown[] }> })?.result?.USDTZUSD?.c?.[0]);
  if (price === null) throw new ProviderFailed(provider, 'no USDTZUSD price');
  // Kraken's ticker carries no update time of its own (its fields are prices, volumes and trade
  // counts): the price is as of the answer, by the HTTP Date header, else by when it was fetched.
  const answeredAt = date === null ? Number.NaN : Date.parse(date);
  return {
    provider,
    usdValues: new Map([['USDT', price]]),
    asOf: Number.isNaN(answeredAt) ? now : new Date(answeredAt),
  };
}

/**
 * Every fiat currency's USD value from the reference feed (units per USD, inverted), as of the
 * feed's own `time_last_update_unix` (open.er-api.com updates once a day); an answer without it is
 * refused, since its age could not be told.
 */
export async function fetchFiatReference(config: ProviderConfig, now: Date): Promise<ProviderAnswer> {
  const provider = 'fiat-reference';
  const { body } = await getJson(provider, `${config.fiatUrl}/latest/USD`, config.timeoutMs, now);
  const answer = body as {
    result?: string;
    rates?: Record<string, unknown>;
    time_last_update_unix?: unknown;
  };
  if (answer?.result !== 'success' || !answer.rates) throw new ProviderFailed(provider, 'no rates');
  const updatedAt = positive(answer.time_last_update_unix);
  if (updatedAt === null) throw new ProviderFailed(provider, 'no time_last_update_unix');
  const usdValues = new Map<string, number>();
  for (const [code, perUsd] of Object.entries(answer.rates)) {
    const units = positive(perUsd);
    if (units !== null && /^[A-Z]{3}$/.test(code))
      usdValues.set(code, toNumber(divideSignificant(1, units, RATE_DIGITS)));
  }
  return { provider, usdValues, asOf: new Date(updatedAt * 1000) };
}

/** The providers in the order the job calls them, each with the currencies it prices. */
export const RATE_PROVIDERS: ReadonlyArray<{
  name: ProviderName;
  prices: (code: string) => boolean;
  fetch: (config: ProviderConfig, now: Date) => Promise<ProviderAnswer>;
}> = [
  { name: 'crypto-ticker', prices: (code) => code === 'USDT', fetch: fetchCryptoTicker },
  { name: 'fiat-reference', prices: (code) => code !== 'USDT', fetch: fetchFiatReference },
];
