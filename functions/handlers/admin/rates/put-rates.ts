import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { putRates } from '../../../domain/rates/rates';
import { adminPutRates as route } from '../../../routes';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Rates saved.',
  data: await putRates(body, actorOf(principal)),
}));
