import { logger } from '../commons/logger';
import { type RedriveRun, redriveOutbox } from '../domain/outbox/redrive';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * EventBridge schedule (every 5 minutes; a timer in the local stack): hands outbox items that their channel failed,
 * or whose stream records were dropped after the sender's retries, back to the sender.
 */
export const handler = scheduledJob('redriveMail', async (): Promise<RedriveRun> => {
  const run = await redriveOutbox();
  logger.info('outbox re-drive finished', { ...run });
  return run;
});
