import { endpoint } from '../../../commons/http';
import { listUsers } from '../../../domain/staff-users/list-users';
import { adminListUsers as route } from '../../../routes';

export const handler = endpoint(route, async ({ query }) => ({
  data: await listUsers(query),
}));
