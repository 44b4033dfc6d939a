import { Unavailable } from '@functions/commons/errors';
import { logger } from '@functions/commons/logger';
import { findTickerSnapshot, saveTickerSnapshot } from '@functions/data/market';
import { fetchMarketCoins } from '@functions/data/market-provider';
import type { TickerData } from '@shared/contract/market';

export class MarketDataUnavailable extends Unavailable {
  constructor() {
    super('Market data unavailable.');
  }
}

/**
 * The ticker: the provider's coins now, kept as the last good answer; when the provider fails,
 * that last good answer marked stale; when there is none either, 503 (the ticker hides).
 */
export async function marketTicker(now = new Date()): Promise<TickerData> {
  let coins: TickerData['coins'];
  try {
    coins = await fetchMarketCoins();
  } catch (error) {
    logger.warn('market data provider failed', error as Error);
    const last = await findTickerSnapshot();
    if (!last) throw new MarketDataUnavailable();
    return { ...last, stale: true };
  }
  const updatedAt = now.toISOString();
  await saveTickerSnapshot({ coins, updatedAt });
  return { coins, updatedAt, stale: false };
}
