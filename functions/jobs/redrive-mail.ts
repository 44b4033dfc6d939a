import { logger } from '../commons/logger';
import { type RedriveRun, redriveMail } from '../domain/outbox/redrive';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * EventBridge schedule (every 5 minutes; a timer in the local stack): hands mails that SES failed,
 * or whose stream records were dropped after the sender's retries, back to the sender.
 */
export const handler = scheduledJob('redriveMail', async (): Promise<RedriveRun> => {
  const run = await redriveMail();
  logger.info('redrive-mail finished', { ...run });
  return run;
});
