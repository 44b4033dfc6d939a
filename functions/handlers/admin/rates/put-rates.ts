import { actorOf } from '@functions/domain/accounts/principal';
import { putRates } from '@functions/domain/rates/rates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutRates as route } from '@shared/routes/rates';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Rates saved.',
  data: await putRates(body, actorOf(principal)),
}));
