import type { TickerCoin, TickerData } from '@shared/contract/market';
import type { Envelope } from '@shared/envelope';
import { TICKER_API_PATH } from '@web/config/entry-values';

export type { TickerCoin };

/**
 * The ticker coins from our own API (`getMarketTicker`, cached at the edge for 60 s). A plain fetch
 * of the route's path: the public answer needs no session, and the API client stays out of the
 * landing page's JavaScript (docs/decisions.md).
 */
export async function fetchTickerCoins(signal?: AbortSignal): Promise<TickerCoin[]> {
  const response = await fetch(TICKER_API_PATH, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`ticker: ${response.status}`);
  const envelope = (await response.json()) as Envelope<TickerData>;
  return envelope.data?.coins ?? [];
}
