import { TICKER_COINS } from '@web/config/entry-values';

/** One coin of the ticker: the fields read from the market-data service's `coins/markets`. */
export interface TickerCoin {
  id: string;
  symbol: string;
  name: string;
  price: number;
  change24h: number | null;
}

interface MarketRow {
  id?: unknown;
  symbol?: unknown;
  name?: unknown;
  current_price?: unknown;
  price_change_percentage_24h?: unknown;
}

export function marketsUrl(baseUrl: string): string {
  const params = new URLSearchParams({
    vs_currency: 'usd',
    ids: TICKER_COINS.join(','),
    price_change_percentage: '24h',
  });
  return `${baseUrl}/coins/markets?${params}`;
}

/** Keeps the rows with a price, in the spec's coin order; anything malformed is skipped. */
export function toTickerCoins(rows: unknown): TickerCoin[] {
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
  const order = TICKER_COINS as readonly string[];
  return coins.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

export async function fetchTickerCoins(baseUrl: string, signal?: AbortSignal): Promise<TickerCoin[]> {
  const response = await fetch(marketsUrl(baseUrl), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`market data: ${response.status}`);
  return toTickerCoins(await response.json());
}
