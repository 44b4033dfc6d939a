import { actorOf } from '@functions/domain/accounts/principal';
import { putCardHours } from '@functions/domain/geo/working-hours';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutCardHours as route } from '@shared/routes/geo';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Working hours saved.',
  data: await putCardHours(body, actorOf(principal)),
}));
