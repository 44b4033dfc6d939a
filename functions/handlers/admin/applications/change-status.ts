import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { changeApplicationStatus } from '../../../domain/applications/admin-actions';
import { adminChangeApplicationStatus as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Status updated.',
  data: await changeApplicationStatus(params.id, body, actorOf(principal)),
}));
