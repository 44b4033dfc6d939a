import { Unavailable } from '@functions/commons/errors';
import { logger } from '@functions/commons/logger';
import { findTickerSnapshot, saveTickerSnapshot } from '@functions/data/market';
import { fetchMarketCoins } from '@functions/data/market-provider';
import type { TickerData } from '@shared/contract/market';
import { tickerCoins } from '../site-content/ticker';

export class MarketDataUnavailable extends Unavailable {
  constructor() {
    super('Market data unavailable.');
  }
}

/**
 * The ticker: the chosen coins (none: no ticker, and no call to the provider) as the provider has
 * them now, kept as the last good answer; when the provider fails, the chosen coins of that last
 * good answer marked stale; when it has none of them either, 503 (the ticker hides).
 */
export async function marketTicker(now = new Date()): Promise<TickerData> {
  const chosen = await tickerCoins();
  if (chosen.length === 0) return { coins: [], updatedAt: now.toISOString(), stale: false };
  let coins: TickerData['coins'];
  try {
    coins = await fetchMarketCoins(chosen);
  } catch (error) {
    logger.warn('market data provider failed', error as Error);
    const last = await findTickerSnapshot();
    const kept = last?.coins.filter((coin) => (chosen as string[]).includes(coin.id)) ?? [];
    if (!last || kept.length === 0) throw new MarketDataUnavailable();
    return { ...last, coins: kept, stale: true };
  }
  const updatedAt = now.toISOString();
  await saveTickerSnapshot({ coins, updatedAt });
  return { coins, updatedAt, stale: false };
}
