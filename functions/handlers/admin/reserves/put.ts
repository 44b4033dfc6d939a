import { actorOf } from '@functions/domain/accounts/principal';
import { putReserves } from '@functions/domain/reserves/reserves';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutReserves as route } from '@shared/routes/reserves';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Reserves saved.',
  data: await putReserves(body, actorOf(principal)),
}));
