import { dashboard } from '@functions/domain/dashboard/dashboard';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDashboard as route } from '@functions/routes/dashboard';

export const handler = endpoint(route, async ({ query }) => ({
  data: await dashboard(query.period),
}));
