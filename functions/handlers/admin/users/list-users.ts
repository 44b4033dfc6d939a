import { endpoint } from '@functions/commons/http';
import { listUsers } from '@functions/domain/staff-users/list-users';
import { adminListUsers as route } from '@functions/routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listUsers(query),
}));
