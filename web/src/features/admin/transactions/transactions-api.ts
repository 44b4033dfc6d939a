import type { RouteCall } from '@shared/routes/definition';
import { adminCreateExport, adminGetExport } from '@shared/routes/exports';
import { adminListTransactions } from '@shared/routes/transactions';
import { call } from '@web/lib/api-client';

/** What the page sends: the filters as the routes take them, each absent when not set. */
export type TransactionsQuery = NonNullable<RouteCall<typeof adminListTransactions>['query']>;
export type ExportRequest = NonNullable<RouteCall<typeof adminCreateExport>['body']>;

/**
 * The transaction history's calls (docs/product.md §7): a page by cursor, and an export of the
 * filters' movements (asked for, then its state until the file is ready to download).
 */
export const transactionsApi = {
  page: async (query: TransactionsQuery, signal?: AbortSignal) => {
    const { data } = await call(adminListTransactions, { query, signal });
    if (!data) throw new Error('The transaction history answered no page.');
    return data;
  },
  startExport: async (body: ExportRequest) => {
    const { data } = await call(adminCreateExport, { body });
    if (!data) throw new Error('The export answered no job.');
    return data;
  },
  exportState: async (id: string) => {
    const { data } = await call(adminGetExport, { params: { id } });
    if (!data) throw new Error('The export answered no state.');
    return data;
  },
};
