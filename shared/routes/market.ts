// Routes of one area of the manifest (docs/architecture.md §2): Market data: the landing page's price ticker.
import type { RouteDefinition } from './definition';

export const getMarketTicker = {
  method: 'GET',
  path: '/api/market/ticker',
  handler: 'handlers/market/ticker',
  access: 'public',
  summary:
    'The ticker coins in USD with their 24 h change, from the market-data provider; its last good answer, ' +
    'marked stale, when it fails (503 when there is none); cached at the edge for 60 s',
  tag: 'market',
  response: 'tickerDataSchema',
  uses: { table: 'readWrite', marketData: true },
} as const satisfies RouteDefinition;
