import type { ExchangeStatus } from '@shared/contract/hours';
import type { ClientLimitsView, TierLimitTable } from '@shared/contract/limits';
import type { CalculateBody, PublicRatesData, Quote } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { getExchangeStatus, getGeo } from '@shared/routes/geo';
import { myLimits } from '@shared/routes/profile';
import { calculateRate, getRates, tierLimits } from '@shared/routes/rates';
import { call } from './api-client';

/**
 * The public calls behind an exchange choice (docs/product.md §7): the places, a quote, the
 * published rates, maintenance and the card schedule, the tiers' limits and the client's own. The apply form, the landing page's calculator and the rates page share them.
 */
export async function fetchGeoTree(signal?: AbortSignal): Promise<GeoTree> {
  return (await call(getGeo, { signal })).data;
}

export async function calculateQuote(body: CalculateBody, signal?: AbortSignal): Promise<Quote> {
  return (await call(calculateRate, { body, signal })).data;
}

export async function fetchPublicRates(signal?: AbortSignal): Promise<PublicRatesData> {
  return (await call(getRates, { signal })).data;
}

/** Maintenance and the card schedule (GET /status); null when it cannot be read (the server still decides). */
export async function fetchExchangeStatus(signal?: AbortSignal): Promise<ExchangeStatus | null> {
  try {
    return (await call(getExchangeStatus, { signal })).data;
  } catch {
    return null;
  }
}

/** What each verification tier allows, for a visitor (docs/product.md "Verification and limits"). */
export async function fetchTierLimits(signal?: AbortSignal): Promise<TierLimitTable> {
  return (await call(tierLimits, { signal })).data;
}

/** The client's tier, its limits and what is left of them (docs/product.md "Verification and limits"). */
export async function fetchMyLimits(signal?: AbortSignal): Promise<ClientLimitsView> {
  return (await call(myLimits, { signal })).data;
}
