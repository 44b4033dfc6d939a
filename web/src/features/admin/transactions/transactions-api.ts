import type { RouteCall } from '@shared/routes/definition';
import { adminExportTransactionsCsv, adminListTransactions } from '@shared/routes/transactions';
import { call, callDocument, type DocumentReply } from '@web/lib/api-client';

/** What the page sends: the filters as the routes take them, each absent when not set. */
export type TransactionsQuery = NonNullable<RouteCall<typeof adminListTransactions>['query']>;
type ExportQuery = NonNullable<RouteCall<typeof adminExportTransactionsCsv>['query']>;

/** The transaction history's two calls (docs/product.md §7): a page by cursor, and the CSV file. */
export const transactionsApi = {
  page: async (query: TransactionsQuery, signal?: AbortSignal) => {
    const { data } = await call(adminListTransactions, { query, signal });
    if (!data) throw new Error('The transaction history answered no page.');
    return data;
  },
  csv: (query: ExportQuery): Promise<DocumentReply> => callDocument(adminExportTransactionsCsv, { query }),
};
