import { dealActorOf } from '@functions/domain/accounts/principal';
import { listUserApplications } from '@functions/domain/staff-users/user-applications';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminUserApplications as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, query, principal }) => ({
  data: await listUserApplications(params.id, query, dealActorOf(principal).scope),
}));
