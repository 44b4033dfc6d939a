import { dealActorOf } from '@functions/domain/accounts/principal';
import { changeApplicationStatus } from '@functions/domain/applications/admin-actions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminChangeApplicationStatus as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Status updated.',
  data: await changeApplicationStatus(params.id, body, dealActorOf(principal)),
}));
