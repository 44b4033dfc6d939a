import { logger } from '../commons/logger';
import { type WatchRun, watchChain } from '../domain/chain/watcher';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * Every minute in AWS (EventBridge), every TRON_POLL_SECONDS (default 15) locally: the chain
 * watcher reads the receiving wallets' USDT transfers and matches them to applications. A wallet
 * the provider could not read is logged and counted on its cursor, never thrown: the next run
 * reads it again from where it stopped.
 */
export const handler = scheduledJob('watchChain', async (): Promise<WatchRun> => {
  const result = await watchChain();
  logger.info('watch-chain finished', { ...result });
  return result;
});
