import { calculateQuote } from '@functions/domain/rates/calculate';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { calculateRate as route } from '@shared/routes/rates';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await calculateQuote(body),
}));
