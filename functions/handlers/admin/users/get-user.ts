import { getUserDetail } from '@functions/domain/staff-users/user-detail';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetUser as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getUserDetail(params.id),
}));
