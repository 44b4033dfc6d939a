import { requireEnv } from '@functions/commons/config';
import type { TickerCoin } from '@shared/contract/market';

/**
 * The market-data provider's adapter: `GET {MARKET_DATA_URL}/coins/markets` (CoinGecko's API
 * shape; locally a stand-in, infra/local/market-data-stand-in.ts). The only place that knows the
 * provider's format.
 */
const baseUrl = requireEnv('MARKET_DATA_URL').replace(/\/+$/, '');
/** The provider's answer must come well within the function's 10 s. */
const TIMEOUT_MS = 3000;

interface MarketRow {
  id?: unknown;
  symbol?: unknown;
  name?: unknown;
  current_price?: unknown;
  price_change_percentage_24h?: unknown;
}

/** The provider's markets of `ids` (its coin ids) in USD with the 24 h change. */
export function marketsUrl(base: string, ids: readonly string[]): string {
  const params = new URLSearchParams({
    vs_currency: 'usd',
    ids: ids.join(','),
    price_change_percentage: '24h',
  });
  return `${base}/coins/markets?${params}`;
}

/** Keeps the rows with a price, in the order of `ids` (the operator's); anything malformed is skipped. */
export function toTickerCoins(rows: unknown, ids: readonly string[]): TickerCoin[] {
  if (!Array.isArray(rows)) return [];
  const coins = (rows as MarketRow[]).flatMap((row): TickerCoin[] => {
    if (typeof row?.id !== 'string' || typeof row.current_price !== 'number') return [];
    const change = row.price_change_percentage_24h;
    return [
      {
        id: row.id,
        symbol: typeof row.symbol === 'string' ? row.symbol.toUpperCase() : row.id.toUpperCase(),
        name: typeof row.name === 'string' ? row.name : row.id,
        price: row.current_price,
        change24h: typeof change === 'number' ? change : null,
      },
    ];
  });
  return coins.filter((coin) => ids.includes(coin.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/** The coins `ids` as the provider has them now; throws when it fails, is slow or answers none. */
export async function fetchMarketCoins(ids: readonly string[]): Promise<TickerCoin[]> {
  const response = await fetch(marketsUrl(baseUrl, ids), {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`market data provider answered ${response.status}`);
  const coins = toTickerCoins(await response.json(), ids);
  if (coins.length === 0) throw new Error('market data provider answered no coin');
  return coins;
}
