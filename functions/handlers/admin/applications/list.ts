import { endpoint } from '@functions/commons/http';
import { listAdminApplications } from '@functions/domain/applications/admin-list';
import { adminListApplications as route } from '@functions/routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listAdminApplications(query),
}));
