import { logger } from '../commons/logger';
import { type DailyReportRun, sendDailyReport } from '../domain/reports/daily-report';
import { scheduledJob } from '../pipeline/scheduled-job';

/**
 * Every 15 minutes (EventBridge; a timer in the local stack): the business day that ended is
 * reported once to the owner's address and the staff group, within 15 minutes of its midnight.
 */
export const handler = scheduledJob('dailyReport', async (): Promise<DailyReportRun> => {
  const run = await sendDailyReport(new Date());
  if (run.sent === 'now') logger.info('daily report queued', { ...run });
  return run;
});
