import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TICKER_COIN_CHOICES } from '@shared/constants';

/**
 * A local stand-in for the market-data provider's `GET /coins/markets` (what
 * functions/data/market-provider.ts calls): the coins the ticker may show, with fixed prices and 24 h changes (up,
 * down and exactly zero, to see all three colours). The local stack starts it unless
 * `MARKET_DATA_URL` names another provider.
 */
export const STAND_IN_CHANGES: Record<string, number> = {
  bitcoin: 2.41,
  ethereum: -1.37,
  binancecoin: 0,
  solana: 5.02,
  ripple: -0.58,
  cardano: 1.2,
  dogecoin: -3.9,
  polkadot: 0.44,
  litecoin: -0.12,
  tron: 0.8,
  'the-open-network': -2.15,
  'avalanche-2': 0,
};

const PRICES: Record<string, number> = {
  bitcoin: 67_123.45,
  ethereum: 3_456.78,
  binancecoin: 587.12,
  solana: 171.3,
  ripple: 0.5234,
  cardano: 0.4412,
  dogecoin: 0.1587,
  polkadot: 6.87,
  litecoin: 82.15,
  tron: 0.1623,
  'the-open-network': 5.41,
  'avalanche-2': 27.9,
};

const SYMBOLS: Record<string, string> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  binancecoin: 'bnb',
  solana: 'sol',
  ripple: 'xrp',
  cardano: 'ada',
  dogecoin: 'doge',
  polkadot: 'dot',
  litecoin: 'ltc',
  tron: 'trx',
  'the-open-network': 'ton',
  'avalanche-2': 'avax',
};

export interface MarketDataStandIn {
  url: string;
  server: Server;
  /** While false, every request fails with 503, as a provider that is down or rate-limits us. */
  setAvailable: (available: boolean) => void;
}

export async function startMarketDataStandIn(): Promise<MarketDataStandIn> {
  let available = true;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const headers = { 'Content-Type': 'application/json' };
    if (!available) {
      response.writeHead(503, headers).end('{"error":"unavailable"}');
      return;
    }
    if (url.pathname !== '/coins/markets') {
      response.writeHead(404, headers).end('{"error":"not found"}');
      return;
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const coins = TICKER_COIN_CHOICES.filter((id) => ids.includes(id)).map((id) => ({
      id,
      symbol: SYMBOLS[id],
      name: id.charAt(0).toUpperCase() + id.slice(1),
      current_price: PRICES[id],
      price_change_percentage_24h: STAND_IN_CHANGES[id],
    }));
    response.writeHead(200, headers).end(JSON.stringify(coins));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    setAvailable: (next) => {
      available = next;
    },
  };
}
