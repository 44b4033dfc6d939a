import { endpoint } from '../../commons/http';
import { getMyApplication } from '../../domain/applications/mine';
import { getMyApplication as route } from '../../routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getMyApplication(principal.userId, params.id),
}));
