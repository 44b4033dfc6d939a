import { listRecentlyCompleted } from '@functions/data/applications';
import { readApplicationStatusCounts, readDailyStats } from '@functions/data/counters';
import { findUserSummaries } from '@functions/data/user-summaries';
import { businessDayOf, dayStart, shiftDay } from '@shared/business-time';
import { ACTIVITY_DAYS, type ActivityStatsData, type DashboardData } from '@shared/contract/admin';
import type { DashboardPeriod } from '@shared/enums';
import { businessTimeZone } from '../settings/business-time';

/** Business days each period covers, today included. */
const PERIOD_DAYS: Record<DashboardPeriod, number> = { day: 1, week: 7, month: 30 };
const RECENT_COMPLETED = 10;

/** The last `days` business days up to today, both included: the day buckets' keys. */
async function lastDays(days: number, now: Date) {
  const timeZone = await businessTimeZone();
  const to = businessDayOf(now, timeZone);
  const from = shiftDay(to, -(days - 1));
  return { from, to, since: dayStart(from, timeZone) };
}

/**
 * GET /admin/dashboard: the period's new and completed applications and new users from the
 * business days' buckets (the setting businessTimeZone), in-progress and funnel figures from the status counters, the latest completions from
 * the history log. A fixed number of reads however many applications exist.
 */
export async function dashboard(period: DashboardPeriod, now = new Date()): Promise<DashboardData> {
  const { from, to, since } = await lastDays(PERIOD_DAYS[period], now);
  const [days, counts, completed] = await Promise.all([
    readDailyStats(from, to),
    readApplicationStatusCounts(),
    listRecentlyCompleted(since.toISOString(), RECENT_COMPLETED),
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
  const { from, to } = await lastDays(ACTIVITY_DAYS, now);
  return { days: await readDailyStats(from, to) };
}
