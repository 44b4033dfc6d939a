import type { CreateApplicationBody } from '@shared/contract/applications';
import type { ExchangeStatus } from '@shared/contract/hours';
import type { CalculateBody, Quote } from '@shared/contract/rates';
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

export async function createApplication(body: CreateApplicationBody): Promise<string> {
  return (await api.post('/applications', body)).message;
}

/** Maintenance and the card schedule (GET /status); null when it cannot be read (the server still decides). */
export async function fetchExchangeStatus(signal?: AbortSignal): Promise<ExchangeStatus | null> {
  try {
    return (await api.get<ExchangeStatus>('/status', undefined, signal)).data ?? null;
  } catch {
    return null;
  }
}
