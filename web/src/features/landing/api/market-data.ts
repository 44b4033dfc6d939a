import type { TickerCoin, TickerData } from '@shared/contract/market';
import { api } from '@web/lib/api-client';

export type { TickerCoin };

/** The ticker coins from our own API (`GET /api/market/ticker`, cached at the edge for 60 s). */
export async function fetchTickerCoins(signal?: AbortSignal): Promise<TickerCoin[]> {
  const { data } = await api.get<TickerData>('/market/ticker', undefined, signal);
  return data?.coins ?? [];
}
