import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { updateApplicationDetails } from '../../../domain/applications/admin-actions';
import { adminUpdateApplicationDetails as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Application updated.',
  data: await updateApplicationDetails(params.id, body, actorOf(principal)),
}));
