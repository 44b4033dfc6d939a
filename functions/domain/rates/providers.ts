import { optionalEnv, requireEnv } from '@functions/commons/config';
import type { MarketSource } from '@shared/contract/rates';
import { RATE_DIGITS } from '@shared/exact-rate';
import { divideSignificant, toNumber } from '@shared/money';
import { fetchCentralBank, fetchUsdtMarket } from './market-providers';
import { getJson, type ProviderAnswer, ProviderFailed, positive } from './provider-http';
import type { ProviderName } from './provider-terms';

/**
 * The rates job's market-data providers (README, "Rates that follow the market"). Two give USD
 * values, from which every direction's USD cross is made: a crypto exchange's public ticker
 * (Kraken's `GET /0/public/Ticker` shape) for USDT, and a fiat reference feed (the `GET /latest/USD`
 * shape of open.er-api.com) for every fiat currency. Two are market sources a direction may choose
 * instead or beside it (market-providers.ts): EXMO's USDT markets and the Bank of Russia's official
 * rates. Each call has a timeout; a failing provider is reported, never thrown past the job. How
 * often each may be called and how long its prices stay good: provider-terms.ts.
 */

/**
 * The providers' base URLs and the variables that carry them (CDK context `ratesCryptoUrl`,
 * `ratesFiatUrl`, `ratesUsdtMarketUrl`, `ratesCentralBankUrl`, `bestChangeArchiveUrl`; the local
 * stack's stand-ins).
 */
export const PROVIDER_URL_VARIABLES = {
  /** The crypto ticker, e.g. https://api.kraken.com */
  cryptoUrl: 'RATES_CRYPTO_URL',
  /** The fiat reference feed, e.g. https://open.er-api.com/v6 */
  fiatUrl: 'RATES_FIAT_URL',
  /** The USDT market's public API, e.g. https://api.exmo.com/v1.1 */
  usdtMarketUrl: 'RATES_USDT_MARKET_URL',
  /** The central bank's site, e.g. https://www.cbr.ru */
  centralBankUrl: 'RATES_CENTRAL_BANK_URL',
  /** BestChange's public rates archive, e.g. https://api.bestchange.ru/info.zip (read only while a direction holds a place) */
  bestChangeArchiveUrl: 'BESTCHANGE_ARCHIVE_URL',
} as const;
export type ProviderUrls = Record<keyof typeof PROVIDER_URL_VARIABLES, string>;

export interface ProviderConfig extends ProviderUrls {
  timeoutMs: number;
}

export function providerConfigFromEnv(): ProviderConfig {
  const urls = Object.fromEntries(
    Object.entries(PROVIDER_URL_VARIABLES).map(([key, variable]) => [key, requireEnv(variable)]),
  ) as ProviderUrls;
  return { ...urls, timeoutMs: Number(optionalEnv('RATES_PROVIDER_TIMEOUT_MS', '3000')) };
}

/** USDT in USD from the crypto ticker's last trade price (`result.USDTZUSD.c[0]`). */
async function fetchCryptoTicker(config: ProviderConfig, now: Date): Promise<ProviderAnswer> {
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
  const asOf = Number.isNaN(answeredAt) ? now : new Date(answeredAt);
  return { provider, prices: new Map([['USDT', { value: price, asOf }]]) };
}

/**
 * Every fiat currency's USD value from the reference feed (units per USD, inverted), as of the
 * feed's own `time_last_update_unix` (open.er-api.com updates once a day); an answer without it is
 * refused, since its age could not be told.
 */
async function fetchFiatReference(config: ProviderConfig, now: Date): Promise<ProviderAnswer> {
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
  const asOf = new Date(updatedAt * 1000);
  const prices: ProviderAnswer['prices'] = new Map();
  for (const [code, perUsd] of Object.entries(answer.rates)) {
    const units = positive(perUsd);
    if (units !== null && /^[A-Z]{3}$/.test(code))
      prices.set(code, { value: toNumber(divideSignificant(1, units, RATE_DIGITS)), asOf });
  }
  return { provider, prices };
}

/**
 * The providers in the order the job calls them, each with the currencies it prices. A provider
 * with a `source` is that market source: its prices are of USDT in the currency, and the job calls
 * it only while a direction's market price names it; the others give USD values, always wanted.
 */
export const RATE_PROVIDERS: ReadonlyArray<{
  name: ProviderName;
  prices: (code: string) => boolean;
  source?: Exclude<MarketSource, 'usd-cross'>;
  fetch: (config: ProviderConfig, now: Date) => Promise<ProviderAnswer>;
}> = [
  { name: 'crypto-ticker', prices: (code) => code === 'USDT', fetch: fetchCryptoTicker },
  { name: 'fiat-reference', prices: (code) => code !== 'USDT', fetch: fetchFiatReference },
  {
    name: 'usdt-market',
    prices: (code) => code !== 'USDT',
    source: 'usdt-market',
    fetch: (config, now) => fetchUsdtMarket(config.usdtMarketUrl, config.timeoutMs, now),
  },
  {
    name: 'central-bank',
    prices: (code) => code !== 'USDT',
    source: 'central-bank',
    fetch: (config, now) => fetchCentralBank(config.centralBankUrl, config.timeoutMs, now),
  },
];
