import { logger } from '../commons/logger';
import { type FeedRun, refreshFeedPrices } from '../domain/rates/feed';
import { scheduledJob } from '../pipeline/scheduled-job';

/** EventBridge schedule (every minute; a timer in the local stack). */
export const handler = scheduledJob('refreshRates', async (): Promise<FeedRun> => {
  const result = await refreshFeedPrices();
  logger.info('refresh-rates finished', { ...result });
  return result;
});
