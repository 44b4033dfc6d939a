import { endpoint } from '../../../commons/http';
import { getUserDetail } from '../../../domain/staff-users/user-detail';
import { adminGetUser as route } from '../../../routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getUserDetail(params.id),
}));
