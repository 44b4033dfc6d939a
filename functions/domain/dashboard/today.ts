import { readApplicationStatusCounts } from '@functions/data/counters';
import { ALL, readRollups } from '@functions/data/report-rollups';
import { businessDayOf, shiftDay } from '@shared/business-time';
import type { DashboardToday } from '@shared/contract/reports';
import { hasRoleAtLeast, type Role } from '@shared/enums';
import { AWAITING_PAYMENT_STATUSES, AWAITING_PAYOUT_STATUSES } from '@shared/lifecycle';
import type { ReportingCurrency } from '@shared/reports';
import type { RecordedActor } from '../accounts/principal';
import { reviewListTotal } from '../chain/review';
import { figuresOf, seriesOf, summed } from '../reports/report';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';

/** The sparkline's business days, today included. */
const WEEK_DAYS = 7;

/**
 * GET /admin/dashboard/today: the business day so far from the reports' rollups (turnover, profit,
 * completions; the caller's own under the staff breakdown), the open deals from the status
 * counters, the USDT on the review list from its index. Profit only for an ADMIN and above.
 * A fixed number of reads, however many deals the day had.
 */
export async function dashboardToday(actor: RecordedActor, now = new Date()): Promise<DashboardToday> {
  const [timeZone, currency] = await Promise.all([businessTimeZone(), settingValue('reportingCurrency')]);
  const reportingCurrency = currency as ReportingCurrency;
  const day = businessDayOf(now, timeZone);
  const from = shiftDay(day, -(WEEK_DAYS - 1));
  const [week, staffToday, counts, review] = await Promise.all([
    readRollups(ALL.breakdown, [{ from: `D${from}`, to: `D${day}` }]),
    readRollups('staff', [{ from: `D${day}`, to: `D${day}` }]),
    readApplicationStatusCounts(),
    reviewListTotal(),
  ]);
  const seesProfit = hasRoleAtLeast(actor.role as Role, 'ADMIN');
  const figures = figuresOf(summed(week.filter((item) => item.period === `D${day}`)), reportingCurrency);
  const own = figuresOf(summed(staffToday.filter((item) => item.value === actor.id)), reportingCurrency);
  const counted = (statuses: readonly string[]) =>
    statuses.reduce((total, status) => total + Math.max(0, counts[status] ?? 0), 0);
  return {
    day,
    timeZone,
    reportingCurrency,
    turnover: { reporting: figures.reporting.turnover, byCurrency: figures.turnover },
    profit: seesProfit ? { reporting: figures.reporting.profit, byCurrency: figures.profit } : null,
    completed: figures.outcomes.completed,
    waitingPayment: counted(AWAITING_PAYMENT_STATUSES),
    awaitingPayout: counted(AWAITING_PAYOUT_STATUSES),
    review,
    own: { completed: own.outcomes.completed, turnover: own.reporting.turnover },
    week: seriesOf(week, { from, to: day, daily: true }, reportingCurrency).map((point) => ({
      day: point.period,
      turnover: point.turnover,
      profit: seesProfit ? point.profit : null,
    })),
  };
}
