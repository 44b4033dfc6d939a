import { dashboard } from '@functions/domain/dashboard/dashboard';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDashboard as route } from '@shared/routes/dashboard';

export const handler = endpoint(route, async ({ query }) => ({
  data: await dashboard(query.period),
}));
