import { optionalEnv, requireEnv } from '@functions/commons/config';

/**
 * The rates job's market-data providers (README, "Rates that follow the market"). The base URLs
 * come from CDK context `ratesCryptoUrl` / `ratesFiatUrl` (defaults: Kraken, open.er-api.com). Two adapters: a crypto exchange's public ticker (Kraken's `GET /0/public/Ticker` shape)
 * for USDT, and a fiat reference feed (the `GET /latest/USD` shape of open.er-api.com) for every
 * fiat currency. Each call has a timeout; a failing provider is reported, never thrown past the job.
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

/** USD values one provider answered, by currency code. */
export interface ProviderAnswer {
  provider: string;
  usdValues: Map<string, number>;
}

export class ProviderFailed extends Error {
  constructor(provider: string, reason: string) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderFailed';
  }
}

async function getJson(provider: string, url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderFailed(
      provider,
      (error as Error).name === 'TimeoutError' ? 'timed out' : String(error),
    );
  }
  if (!response.ok) throw new ProviderFailed(provider, `answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new ProviderFailed(provider, 'answered no JSON');
  }
}

const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
};

/** USDT in USD from the crypto ticker's last trade price (`result.USDTZUSD.c[0]`). */
export async function fetchCryptoTicker(config: ProviderConfig): Promise<ProviderAnswer> {
  const provider = 'crypto-ticker';
  const body = (await getJson(
    provider,
    `${config.cryptoUrl}/0/public/Ticker?pair=USDTZUSD`,
    config.timeoutMs,
  )) as {
    result?: Record<string, { c?: unknown[] }>;
  };
  const price = positive(body?.result?.USDTZUSD?.c?.[0]);
  if (price === null) throw new ProviderFailed(provider, 'no USDTZUSD price');
  return { provider, usdValues: new Map([['USDT', price]]) };
}

/** Every fiat currency's USD value from the reference feed (units per USD, inverted). */
export async function fetchFiatReference(config: ProviderConfig): Promise<ProviderAnswer> {
  const provider = 'fiat-reference';
  const body = (await getJson(provider, `${config.fiatUrl}/latest/USD`, config.timeoutMs)) as {
    result?: string;
    rates?: Record<string, unknown>;
  };
  if (body?.result !== 'success' || !body.rates) throw new ProviderFailed(provider, 'no rates');
  const usdValues = new Map<string, number>();
  for (const [code, perUsd] of Object.entries(body.rates)) {
    const units = positive(perUsd);
    if (units !== null && /^[A-Z]{3}$/.test(code)) usdValues.set(code, Number((1 / units).toPrecision(10)));
  }
  return { provider, usdValues };
}
