import { endpoint } from '../../../commons/http';
import { getAdminApplication } from '../../../domain/applications/admin-actions';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminGetApplication, async ({ params }) => ({
  data: await getAdminApplication(params.id),
}));
