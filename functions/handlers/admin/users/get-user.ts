import { endpoint } from '../../../commons/http';
import { getUserDetail } from '../../../domain/staff-users/user-detail';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminGetUser, async ({ params }) => ({
  data: await getUserDetail(params.id),
}));
