import type { CreateApplicationBody } from '@shared/contract/applications';
import type { PublicRatesData, QuoteLimits } from '@shared/contract/rates';
import { api } from '@web/lib/api-client';

/** The apply screen's own calls (docs/product.md §7); places and quotes are in lib/exchange-api. */

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

export async function createApplication(body: CreateApplicationBody): Promise<string> {
  return (await api.post('/applications', body)).message;
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
