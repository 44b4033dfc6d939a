import { publicEndpoint } from '@functions/commons/http';
import { quote } from '@functions/domain/rates/rates';
import { calculateRate as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await quote(body.assetFrom, body.assetTo, body.amount),
}));
