import { endpoint } from '@functions/commons/http';
import { listMyApplications } from '@functions/domain/applications/mine';
import { listMyApplications as route } from '@functions/routes';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listMyApplications(principal.userId, query),
}));
