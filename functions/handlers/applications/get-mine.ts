import { endpoint } from '../../commons/http';
import { getMyApplication } from '../../domain/applications/mine';
import { routes } from '../../routes';

export const handler = endpoint(routes.getMyApplication, async ({ params, principal }) => ({
  data: await getMyApplication(principal.userId, params.id),
}));
