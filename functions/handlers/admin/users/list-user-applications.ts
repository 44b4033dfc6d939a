import { endpoint } from '../../../commons/http';
import { listUserApplications } from '../../../domain/staff-users/user-applications';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminUserApplications, async ({ params, query }) => ({
  data: await listUserApplications(params.id, query),
}));
