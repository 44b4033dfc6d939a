import { endpoint } from '../../../commons/http';
import { dashboard } from '../../../domain/dashboard/dashboard';
import { adminDashboard as route } from '../../../routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await dashboard(query.period),
}));
