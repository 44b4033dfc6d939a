import { partnerStatistics } from '@functions/domain/partners/api';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { partnerApiStatistics as route } from '@shared/routes/partners';

export const handler = publicEndpoint(route, async ({ headers, query }) => ({
  data: await partnerStatistics(headers['x-partner-key'], query),
}));
