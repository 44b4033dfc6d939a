import { actorOf } from '@functions/domain/accounts/principal';
import { putRatesForStaff } from '@functions/domain/rates/admin-rates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutRates as route } from '@shared/routes/rates';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Rates saved.',
  data: await putRatesForStaff(body, actorOf(principal)),
}));
