import { endpoint } from '../../../commons/http';
import { listUserApplications } from '../../../domain/staff-users/user-applications';
import { adminUserApplications as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, query }) => ({
  data: await listUserApplications(params.id, query),
}));
