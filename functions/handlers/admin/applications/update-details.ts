import { dealActorOf } from '@functions/domain/accounts/principal';
import { updateApplicationDetails } from '@functions/domain/applications/admin-actions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminUpdateApplicationDetails as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Application updated.',
  data: await updateApplicationDetails(params.id, body, dealActorOf(principal)),
}));
