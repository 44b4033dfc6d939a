// Routes of one area of the manifest (docs/architecture.md §2): the reports — what the exchange turned over and earned, by period and breakdown.
import { reportQuerySchema } from '@shared/contract/reports';
import type { RouteDefinition } from './definition';

export const adminReport = {
  method: 'GET',
  path: '/api/admin/reports',
  handler: 'handlers/admin/reports/report',
  access: 'ADMIN',
  summary:
    'A period of business days (at most 366): turnover and profit per currency and in the reporting ' +
    'currency, deals by outcome, the funnel, the ticket, new and returning clients and staff times, ' +
    'beside the period before, with a series and optionally a breakdown (direction, city, account, ' +
    'staff, source); read from daily and monthly rollups',
  tag: 'admin-reports',
  query: reportQuerySchema,
  response: 'reportSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;
