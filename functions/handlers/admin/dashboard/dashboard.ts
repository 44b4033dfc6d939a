import { endpoint } from '@functions/commons/http';
import { dashboard } from '@functions/domain/dashboard/dashboard';
import { adminDashboard as route } from '@functions/routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await dashboard(query.period),
}));
