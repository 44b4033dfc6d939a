import { logger } from '../commons/logger';
import { expireStaleApplications } from '../domain/applications/expire';

/** EventBridge schedule (every 15 minutes; a timer in the local stack). */
export const handler = async (): Promise<{ expired: number; skipped: number }> => {
  const result = await expireStaleApplications();
  logger.info('expire-stale finished', result);
  return result;
};
