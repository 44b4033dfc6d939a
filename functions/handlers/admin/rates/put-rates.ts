import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { putRates } from '../../../domain/rates/rates';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminPutRates, async ({ body, principal }) => ({
  message: 'Rates saved.',
  data: await putRates(body, actorOf(principal)),
}));
