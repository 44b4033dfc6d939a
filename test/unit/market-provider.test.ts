import { TICKER_COINS } from '@shared/constants';
import { beforeAll, describe, expect, it, vi } from 'vitest';

let provider: typeof import('@functions/data/market-provider');

beforeAll(async () => {
  // The adapter reads its base URL when it loads, as in Lambda.
  vi.stubEnv('MARKET_DATA_URL', 'https://api.example.test/v3');
  provider = await import('@functions/data/market-provider');
});

describe('market-data provider adapter', () => {
  it('asks the provider for the chosen coins in USD with the 24 h change', () => {
    const url = new URL(provider.marketsUrl('https://api.example.test/v3', [...TICKER_COINS]));

    expect(url.pathname).toBe('/v3/coins/markets');
    expect(url.searchParams.get('vs_currency')).toBe('usd');
    expect(url.searchParams.get('ids')?.split(',')).toEqual([...TICKER_COINS]);
    expect(url.searchParams.get('price_change_percentage')).toBe('24h');
  });

  it("keeps well-formed rows of the chosen coins in the operator's order and skips the rest", () => {
    const coins = provider.toTickerCoins(
      [
        {
          id: 'ethereum',
          symbol: 'eth',
          name: 'Ethereum',
          current_price: 3000,
          price_change_percentage_24h: -1,
        },
        {
          id: 'bitcoin',
          symbol: 'btc',
          name: 'Bitcoin',
          current_price: 60000,
          price_change_percentage_24h: null,
        },
        { id: 'broken' },
        { id: 'solana', symbol: 'sol', name: 'Solana', current_price: 150, price_change_percentage_24h: 1 },
      ],
      ['bitcoin', 'ethereum'],
    );

    expect(coins.map((coin) => [coin.symbol, coin.change24h])).toEqual([
      ['BTC', null],
      ['ETH', -1],
    ]);
  });

  it('reads a non-array answer as no coins', () => {
    expect(provider.toTickerCoins({ error: 'rate limited' }, ['bitcoin'])).toEqual([]);
  });
});
