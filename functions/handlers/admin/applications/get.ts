import { dealActorOf } from '@functions/domain/accounts/principal';
import { getAdminApplication } from '@functions/domain/applications/admin-actions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetApplication as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getAdminApplication(params.id, dealActorOf(principal)),
}));
