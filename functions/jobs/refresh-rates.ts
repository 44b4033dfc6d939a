import { logger } from '../commons/logger';
import { runRatesJob } from '../domain/rates/rates-job';
import { scheduledJob } from '../pipeline/scheduled-job';

async function refreshRates() {
  const result = await runRatesJob();
  logger.info('refresh-rates finished', { ...result });
  return result;
}

/** EventBridge schedule (every minute; a timer in the local stack). */
export const handler = scheduledJob('refreshRates', refreshRates);
