import { endpoint } from '../../commons/http';
import { quote } from '../../domain/rates/rates';
import { routes } from '../../routes';

export const handler = endpoint(routes.calculateRate, async ({ body }) => ({
  data: await quote(body.assetFrom, body.assetTo, body.amount),
}));
