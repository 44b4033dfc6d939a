import { endpoint } from '@functions/commons/http';
import { getUserDetail } from '@functions/domain/staff-users/user-detail';
import { adminGetUser as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getUserDetail(params.id),
}));
