import { dealActorOf } from '@functions/domain/accounts/principal';
import { listAdminApplications } from '@functions/domain/applications/admin-list';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListApplications as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listAdminApplications(query, dealActorOf(principal).scope),
}));
