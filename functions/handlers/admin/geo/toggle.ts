import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/applications/actors';
import { toggleGeo } from '@functions/domain/geo-admin/toggle';
import { adminToggleGeo as route } from '@functions/routes';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Status updated.',
  data: await toggleGeo(body, actorOf(principal)),
}));
