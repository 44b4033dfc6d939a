import { endpoint } from '@functions/commons/http';
import { getMyApplication } from '@functions/domain/applications/mine';
import { getMyApplication as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getMyApplication(principal.userId, params.id),
}));
