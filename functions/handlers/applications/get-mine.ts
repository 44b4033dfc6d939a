import { getMyApplication } from '@functions/domain/applications/mine';
import { endpoint } from '@functions/pipeline/endpoint';
import { getMyApplication as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getMyApplication(principal.userId, params.id),
}));
