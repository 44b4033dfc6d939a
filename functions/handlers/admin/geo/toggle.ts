import { actorOf } from '@functions/domain/accounts/principal';
import { toggleGeo } from '@functions/domain/geo/toggle';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminToggleGeo as route } from '@shared/routes/geo';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Status updated.',
  data: await toggleGeo(body, actorOf(principal)),
}));
