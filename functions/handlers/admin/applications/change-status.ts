import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/applications/actors';
import { changeApplicationStatus } from '@functions/domain/applications/admin-actions';
import { adminChangeApplicationStatus as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Status updated.',
  data: await changeApplicationStatus(params.id, body, actorOf(principal)),
}));
