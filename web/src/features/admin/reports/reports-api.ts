import type { ReportQuery } from '@shared/contract/reports';
import { adminReport } from '@shared/routes/reports';
import { call } from '@web/lib/api-client';

/** The reports' call (docs/product.md "Reports"): the route the server runs. */
export const reportsApi = {
  report: async (query: ReportQuery, signal?: AbortSignal) =>
    (await call(adminReport, { query, signal })).data,
};
