import { quote } from '@functions/domain/rates/rates';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { calculateRate as route } from '@functions/routes/rates';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await quote(body.assetFrom, body.assetTo, body.amount),
}));
