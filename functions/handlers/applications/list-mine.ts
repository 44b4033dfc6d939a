import { listMyApplications } from '@functions/domain/applications/mine';
import { endpoint } from '@functions/pipeline/endpoint';
import { listMyApplications as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listMyApplications(principal.userId, query),
}));
