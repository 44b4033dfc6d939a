// Routes of one area of the manifest (docs/architecture.md §2): the reports — what the exchange turned over and earned, by period and breakdown, and the visits they count by source.
import { recordVisitBodySchema, reportQuerySchema } from '@shared/contract/reports';
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
    'staff, source, which also counts the clicks of each source); read from daily and monthly rollups',
  tag: 'admin-reports',
  query: reportQuerySchema,
  response: 'reportSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const recordVisit = {
  method: 'POST',
  path: '/api/visits',
  handler: 'handlers/reports/record-visit',
  access: 'public',
  summary:
    "A visitor arrived from a monitor's link, a campaign or another site: one click of that source " +
    "on today's business day (at most 20 an hour from one address; more are answered but not counted)",
  tag: 'reports',
  body: recordVisitBodySchema,
  response: 'visitRecordedSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
