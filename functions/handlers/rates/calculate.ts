import { publicEndpoint } from '../../commons/http';
import { quote } from '../../domain/rates/rates';
import { calculateRate as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await quote(body.assetFrom, body.assetTo, body.amount),
}));
