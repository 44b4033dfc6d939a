import { actorOf } from '@functions/domain/accounts/principal';
import { putCityHours } from '@functions/domain/geo/working-hours';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutCityHours as route } from '@shared/routes/geo';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Working hours saved.',
  data: await putCityHours(params.key, body, actorOf(principal)),
}));
