import { publishedRates } from '@functions/domain/rates/rates';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { getRates as route } from '@shared/routes/rates';

export const handler = publicEndpoint(route, async ({ query }) => ({
  data: await publishedRates(new Date(), query),
}));
