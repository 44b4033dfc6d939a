import { endpoint } from '../../../commons/http';
import { getAdminApplication } from '../../../domain/applications/admin-actions';
import { adminGetApplication as route } from '../../../routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getAdminApplication(params.id),
}));
