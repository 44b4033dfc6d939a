// Routes of one area of the manifest (docs/architecture.md §2): Every confirmed movement of money on a deal (the admin transaction history).
import { exportTransactionsQuerySchema, listTransactionsQuerySchema } from '@shared/contract/transactions';
import type { RouteDefinition } from './definition';

export const adminListTransactions = {
  method: 'GET',
  path: '/api/admin/transactions',
  handler: 'handlers/admin/transactions/list',
  access: 'MANAGER',
  summary:
    'The transaction history: confirmed movements of money (client paid in, office paid out, refunds) ' +
    'of a period (business days in the setting businessTimeZone, the last 30 by default, at most 366), ' +
    'by currency and direction, newest first; cursor pages, no total',
  tag: 'transactions',
  query: listTransactionsQuerySchema,
  response: 'transactionsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminExportTransactionsCsv = {
  method: 'GET',
  path: '/api/admin/transactions.csv',
  handler: 'handlers/admin/transactions/export-csv',
  access: 'MANAGER',
  summary:
    "The transaction history of the same filters as a CSV file in the reader's dialect (ru `;` and a " +
    "decimal comma, en `,` and a dot; UTF-8 with a BOM, newest first, the export's columns, times in the " +
    "business's time zone named in the header), at most 10,000 rows or 5 MB: a cut file ends with a line " +
    'saying so; a whole period is POST /admin/exports',
  tag: 'transactions',
  query: exportTransactionsQuerySchema,
  produces: 'text/csv',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;
