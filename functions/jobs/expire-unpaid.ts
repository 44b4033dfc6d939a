import { logger } from '../commons/logger';
import { type ExpiryRun, expireUnpaidApplications } from '../domain/applications/expire';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * Every minute (EventBridge; a timer in the local stack): a deal whose payment window ended with no
 * "I have paid" becomes EXPIRED within two minutes of its deadline. Fails after the others when
 * some could not be expired, so Lambda retries it and the dead-letter queue alarms.
 */
export const handler = scheduledJob('expireUnpaid', async (budget): Promise<ExpiryRun> => {
  const result = await expireUnpaidApplications(new Date(), budget);
  logger.info('expire-unpaid finished', { ...result });
  if (result.failed > 0)
    throw new Error(
      `expire-unpaid: ${result.failed} applications could not be expired (${result.expired} were)`,
    );
  return result;
});
