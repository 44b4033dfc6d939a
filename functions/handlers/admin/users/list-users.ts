import { listUsers } from '@functions/domain/staff-users/list-users';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListUsers as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listUsers(query),
}));
