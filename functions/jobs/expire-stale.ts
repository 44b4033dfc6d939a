import { logger } from '../commons/logger';
import { type ExpiryRun, expireStaleApplications } from '../domain/applications/expire';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * EventBridge schedule (every 15 minutes; a timer in the local stack). A run in which some
 * applications could not be expired fails after doing all the others, so Lambda retries it (the
 * expired ones are skipped then) and, failing again, records it in the job's dead-letter queue,
 * which raises an alarm.
 */
export const handler = scheduledJob('expireStale', async (budget): Promise<ExpiryRun> => {
  const result = await expireStaleApplications(new Date(), budget);
  logger.info('expire-stale finished', { ...result });
  if (result.failed > 0)
    throw new Error(
      `expire-stale: ${result.failed} applications could not be expired (${result.expired} were)`,
    );
  return result;
});
