import { endpoint } from '../../../commons/http';
import { dashboard } from '../../../domain/dashboard/dashboard';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminDashboard, async ({ query }) => ({
  data: await dashboard(query.period),
}));
