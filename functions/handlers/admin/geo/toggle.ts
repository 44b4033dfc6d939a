import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { toggleGeo } from '../../../domain/geo-admin/toggle';
import { adminToggleGeo as route } from '../../../routes';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Status updated.',
  data: await toggleGeo(body, actorOf(principal)),
}));
