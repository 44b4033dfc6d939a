import { marketTicker } from '@functions/domain/market/ticker';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { TICKER_CACHE_SECONDS } from '@shared/constants';
import { getMarketTicker as route } from '@shared/routes/market';

/** Browsers may keep the answer as long as CloudFront does (infra/constructs/site-distribution.ts). */
export const handler = publicEndpoint(route, async () => ({
  data: await marketTicker(),
  headers: { 'Cache-Control': `public, max-age=${TICKER_CACHE_SECONDS}` },
}));
