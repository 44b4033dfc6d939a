import { getMyApplicationDetail } from '@functions/domain/applications/client-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { getMyApplication as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getMyApplicationDetail(principal.userId, params.id),
}));
