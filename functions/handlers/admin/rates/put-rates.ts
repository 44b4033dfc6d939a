import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/applications/actors';
import { putRates } from '@functions/domain/rates/rates';
import { adminPutRates as route } from '@functions/routes';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Rates saved.',
  data: await putRates(body, actorOf(principal)),
}));
