import { logger } from '../commons/logger';
import { holdPlaces, type PositioningRun } from '../domain/rates/bestchange/hold-place';
import { type FeedRun, refreshFeedPrices } from '../domain/rates/feed';
import { providerConfigFromEnv } from '../domain/rates/providers';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * The market prices, then the places held on BestChange: an archive that cannot be read is each
 * positioned direction's problem, never the prices'.
 */
async function refreshRates(): Promise<FeedRun & { positioning: PositioningRun }> {
  const now = new Date();
  const config = providerConfigFromEnv();
  const result = await refreshFeedPrices(now, config);
  const positioning = await holdPlaces(now, {
    url: config.bestChangeArchiveUrl,
    timeoutMs: config.timeoutMs,
  });
  logger.info('refresh-rates finished', { ...result, positioning });
  return { ...result, positioning };
}

/** EventBridge schedule (every minute; a timer in the local stack). */
export const handler = scheduledJob('refreshRates', refreshRates);
