import { partnerApiPayouts } from '@functions/domain/partners/api';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { partnerApiPayouts as route } from '@shared/routes/partners';

export const handler = publicEndpoint(route, async ({ headers }) => ({
  data: await partnerApiPayouts(headers['x-partner-key']),
}));
