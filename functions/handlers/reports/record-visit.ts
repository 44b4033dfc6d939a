import { recordVisit } from '@functions/domain/reports/visits';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { recordVisit as route } from '@shared/routes/reports';

export const handler = publicEndpoint(route, async ({ body }) => {
  const counted = await recordVisit(body.source);
  return { message: counted ? 'Visit counted.' : 'Visit not counted.', data: { counted } };
});
