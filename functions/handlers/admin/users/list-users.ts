import { endpoint } from '../../../commons/http';
import { listUsers } from '../../../domain/staff-users/list-users';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminListUsers, async ({ query }) => ({
  data: await listUsers(query),
}));
