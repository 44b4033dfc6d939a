import { endpoint } from '../../../commons/http';
import { listAdminApplications } from '../../../domain/applications/admin-list';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminListApplications, async ({ query }) => ({
  data: await listAdminApplications(query),
}));
