import { endpoint } from '../../../commons/http';
import { listAdminApplications } from '../../../domain/applications/admin-list';
import { adminListApplications as route } from '../../../routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listAdminApplications(query),
}));
