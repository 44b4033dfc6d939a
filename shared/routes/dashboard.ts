// Routes of one area of the manifest (docs/architecture.md §2): The staff dashboard figures.
import { dashboardQuerySchema } from '@shared/contract/admin';
import type { RouteDefinition } from './definition';

export const adminDashboard = {
  method: 'GET',
  path: '/api/admin/dashboard',
  handler: 'handlers/admin/dashboard/dashboard',
  access: 'MANAGER',
  summary: 'KPIs, funnel and recent completions for a period (from counters)',
  tag: 'admin-dashboard',
  query: dashboardQuerySchema,
  response: 'dashboardDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminDashboardToday = {
  method: 'GET',
  path: '/api/admin/dashboard/today',
  handler: 'handlers/admin/dashboard/today',
  access: 'MANAGER',
  summary:
    'The business day so far: turnover, profit (ADMIN and above), deals waiting for payment and for payout, ' +
    "USDT on the review list, the caller's own completions and a seven-day series (from the rollups)",
  tag: 'admin-dashboard',
  response: 'dashboardTodaySchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminActivityStats = {
  method: 'GET',
  path: '/api/admin/dashboard/activity-stats',
  handler: 'handlers/admin/dashboard/activity-stats',
  access: 'MANAGER',
  summary: 'Created and completed applications and new users per day, last 30 days',
  tag: 'admin-dashboard',
  response: 'activityStatsDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminSetupChecklist = {
  method: 'GET',
  path: '/api/admin/dashboard/setup',
  handler: 'handlers/admin/dashboard/setup',
  access: 'ADMIN',
  summary:
    'The first-run checklist: reserves set by staff, directions published to the monitors, working hours, ' +
    'the staff notification address, staff 2FA required',
  tag: 'admin-dashboard',
  response: 'setupChecklistSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;
