import { endpoint } from '@functions/commons/http';
import { listUserApplications } from '@functions/domain/staff-users/user-applications';
import { adminUserApplications as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, query }) => ({
  data: await listUserApplications(params.id, query),
}));
