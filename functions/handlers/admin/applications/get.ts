import { endpoint } from '@functions/commons/http';
import { getAdminApplication } from '@functions/domain/applications/admin-actions';
import { adminGetApplication as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getAdminApplication(params.id),
}));
