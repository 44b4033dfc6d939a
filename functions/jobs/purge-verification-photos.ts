import { logger } from '../commons/logger';
import { deleteOldVerificationPhotos, type RetentionRun } from '../domain/verification/retention';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * EventBridge schedule (hourly; a timer in the local stack). A run in which some photos could not
 * be deleted fails after the others, so Lambda retries it and, failing again, records it in the
 * job's dead-letter queue, which raises an alarm.
 */
export const handler = scheduledJob('purgeVerificationPhotos', async (budget): Promise<RetentionRun> => {
  const result = await deleteOldVerificationPhotos(new Date(), budget);
  logger.info('purge-verification-photos finished', { ...result });
  if (result.failed > 0) throw new Error(`purge-verification-photos: ${result.failed} requests failed`);
  return result;
});
