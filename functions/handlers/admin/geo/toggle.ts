import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { toggleGeo } from '../../../domain/geo-admin/toggle';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminToggleGeo, async ({ body, principal }) => ({
  message: 'Status updated.',
  data: await toggleGeo(body, actorOf(principal)),
}));
