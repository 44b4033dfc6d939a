import type { CreateApplicationBody } from '@shared/contract/applications';
import type { CalculateBody, PublicRatesData, Quote, QuoteLimits } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { api } from '@web/lib/api-client';

/** The apply screen's calls (docs/product.md §7). */
export async function fetchGeoTree(signal?: AbortSignal): Promise<GeoTree> {
  return (await api.get<GeoTree>('/geo', undefined, signal)).data ?? [];
}

/**
 * Whether the server accepts the value as a Telegram contact. A failed call or an unexpected
 * answer counts as valid (docs/product.md §5): the check must never stop an honest user.
 */
export async function checkTelegramContact(value: string): Promise<boolean> {
  try {
    const answer = await api.post<{ isValid?: unknown }>('/misc/validate-telegram', { username: value });
    return typeof answer.data?.isValid === 'boolean' ? answer.data.isValid : true;
  } catch {
    return true;
  }
}

export async function calculateQuote(body: CalculateBody, signal?: AbortSignal): Promise<Quote | null> {
  return (await api.request<Quote>('/rates/calculate', { method: 'POST', body, signal })).data ?? null;
}

/** The limits of one pair now (GET /rates for that pair); null when the pair is not offered now. */
export async function fetchPairLimits(
  assetFrom: string,
  assetTo: string,
  signal?: AbortSignal,
): Promise<QuoteLimits | null> {
  const data = (await api.get<PublicRatesData>('/rates', { assetFrom, assetTo }, signal)).data;
  return data?.directions[0]?.quoteLimits ?? null;
}

export async function createApplication(body: CreateApplicationBody): Promise<string> {
  return (await api.post('/applications', body)).message;
}
