import { transactionsCsv } from '@functions/domain/transactions/history';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminExportTransactionsCsv as route } from '@shared/routes/transactions';

/** The file is a download (Content-Disposition), never cached: it holds who moved which money. */
export const handler = endpoint(route, async ({ query, principal }) => {
  const file = await transactionsCsv(query, query.language ?? principal.user.language);
  return {
    document: file.csv,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
      ...(file.truncated ? { 'X-Export-Truncated': 'true' } : {}),
    },
  };
});
