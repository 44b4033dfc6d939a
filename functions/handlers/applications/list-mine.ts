import { endpoint } from '../../commons/http';
import { listMyApplications } from '../../domain/applications/mine';
import { routes } from '../../routes';

export const handler = endpoint(routes.listMyApplications, async ({ query, principal }) => ({
  data: await listMyApplications(principal.userId, query),
}));
