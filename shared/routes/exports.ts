// Routes of one area of the manifest (docs/architecture.md §2): exports of the transaction history, prepared in the background and downloaded by a short-lived link.
import { exportParamsSchema, exportRequestBodySchema } from '@shared/contract/exports';
import type { RouteDefinition } from './definition';

export const adminCreateExport = {
  method: 'POST',
  path: '/api/admin/exports',
  handler: 'handlers/admin/exports/create',
  access: 'MANAGER',
  summary:
    "Export the transaction history's movements of a period (business days) and filters as CSV (the " +
    "reader's dialect: ru `;` and a decimal comma, en `,` and a dot) or XLSX, every row, prepared in the " +
    'background; answers the export, preparing',
  tag: 'transactions',
  body: exportRequestBodySchema,
  response: 'exportJobSchema',
  successStatus: 201,
  uses: { table: 'readWrite', exportWorker: true },
} as const satisfies RouteDefinition;

export const adminGetExport = {
  method: 'GET',
  path: '/api/admin/exports/{id}',
  handler: 'handlers/admin/exports/get',
  access: 'MANAGER',
  summary:
    "The caller's export: preparing, failed, or ready with its rows and a 5-minute download link (the file is kept a day)",
  tag: 'transactions',
  params: exportParamsSchema,
  response: 'exportJobSchema',
  uses: { table: 'read', uploads: 'readExports' },
} as const satisfies RouteDefinition;
