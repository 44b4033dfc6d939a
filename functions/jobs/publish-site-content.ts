import { logger } from '../commons/logger';
import { publishIfStale } from '../domain/site-content/publish';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * EventBridge schedule (every 5 minutes; a timer in the local stack). A deploy puts the build's
 * pages back into the site bucket, and two changes' publishes may cross: this run notices (the
 * landing page's version differs from the blocks') and publishes again.
 */
export const handler = scheduledJob('publishSiteContent', async () => {
  const result = await publishIfStale();
  if (result) logger.info('publish-site-content published', { ...result });
  return result ?? { version: null, pagesWritten: 0 };
});
