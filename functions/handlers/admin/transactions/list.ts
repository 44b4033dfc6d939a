import { listTransactions } from '@functions/domain/transactions/history';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListTransactions as route } from '@shared/routes/transactions';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listTransactions(query),
}));
