import { endpoint } from '../../commons/http';
import { listMyApplications } from '../../domain/applications/mine';
import { listMyApplications as route } from '../../routes';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listMyApplications(principal.userId, query),
}));
