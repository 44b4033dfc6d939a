import { actorOf } from '@functions/domain/accounts/principal';
import { switchGeoBulk } from '@functions/domain/geo/toggle';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminBulkGeo as route } from '@shared/routes/geo';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Status updated.',
  data: await switchGeoBulk(body, actorOf(principal)),
}));
