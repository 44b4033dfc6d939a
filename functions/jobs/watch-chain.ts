import { logger } from '../commons/logger';
import { gaugeMetric } from '../commons/metrics';
import { chainHealth } from '../domain/chain/review';
import { type WatchRun, watchChain } from '../domain/chain/watcher';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * Every minute in AWS (EventBridge), every TRON_POLL_SECONDS (default 15) locally: the chain
 * watcher reads the receiving wallets' USDT transfers and matches them to applications. A wallet
 * the provider could not read is logged and counted on its cursor, never thrown: the next run
 * reads it again from where it stopped. Each run writes the levels the ChainReadStale and
 * ChainReviewWaiting alarms watch.
 */
export const handler = scheduledJob('watchChain', async (budget): Promise<WatchRun> => {
  const result = await watchChain(new Date(), budget);
  logger.info('watch-chain finished', { ...result });
  // A run succeeds even when every wallet failed: the alarms read these levels instead.
  const health = await chainHealth();
  gaugeMetric('ChainReadAgeMinutes', health.readAgeMinutes);
  gaugeMetric('ChainReviewWaiting', health.reviewWaiting);
  return result;
});
