import { listRecentlyCompleted } from '@functions/data/applications';
import { readApplicationStatusCounts, readDailyStats } from '@functions/data/counters';
import { findUserSummaries } from '@functions/data/user-summaries';
import { ACTIVITY_DAYS, type ActivityStatsData, type DashboardData } from '@shared/contract/admin';
import type { DashboardPeriod } from '@shared/enums';

const DAY_MS = 86_400_000;
/** Days each period covers, today (UTC) included. */
const PERIOD_DAYS: Record<DashboardPeriod, number> = { day: 1, week: 7, month: 30 };
const RECENT_COMPLETED = 10;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * GET /admin/dashboard: the period's new and completed applications and new users from the day
 * buckets, in-progress and funnel figures from the status counters, the latest completions from
 * the history log. A fixed number of reads however many applications exist.
 */
export async function dashboard(period: DashboardPeriod, now = new Date()): Promise<DashboardData> {
  const to = dayOf(now.getTime());
  const from = dayOf(now.getTime() - (PERIOD_DAYS[period] - 1) * DAY_MS);
  const [days, counts, completed] = await Promise.all([
    readDailyStats(from, to),
    readApplicationStatusCounts(),
    listRecentlyCompleted(`${from}T00:00:00.000Z`, RECENT_COMPLETED),
  ]);
  const sum = (field: 'createdApplications' | 'completedApplications' | 'newUsers') =>
    days.reduce((total, day) => total + day[field], 0);
  const count = (status: string) => Math.max(0, counts[status] ?? 0);
  const users = await findUserSummaries(completed.map((entry) => entry.userId));
  return {
    period,
    from,
    to,
    kpi: {
      newApplications: sum('createdApplications'),
      inProgress: count('PROCESSING'),
      completedApplications: sum('completedApplications'),
      newUsers: sum('newUsers'),
    },
    funnel: { PENDING: count('PENDING'), PROCESSING: count('PROCESSING'), COMPLETED: count('COMPLETED') },
    recentCompleted: completed.map((entry) => ({
      id: entry.applicationId,
      amount: entry.amountFrom,
      currency: entry.currencyFrom,
      user: { email: users.get(entry.userId)?.email ?? null },
      completedAt: entry.at,
    })),
  };
}

/** GET /admin/dashboard/activity-stats: the last 30 days' buckets, oldest first, zeros included. */
export async function activityStats(now = new Date()): Promise<ActivityStatsData> {
  const to = dayOf(now.getTime());
  const from = dayOf(now.getTime() - (ACTIVITY_DAYS - 1) * DAY_MS);
  return { days: await readDailyStats(from, to) };
}
