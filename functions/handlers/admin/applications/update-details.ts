import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/applications/actors';
import { updateApplicationDetails } from '@functions/domain/applications/admin-actions';
import { adminUpdateApplicationDetails as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Application updated.',
  data: await updateApplicationDetails(params.id, body, actorOf(principal)),
}));
