import { endpoint } from '@functions/commons/http';
import { cancelMyApplication } from '@functions/domain/applications/mine';
import { cancelMyApplication as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Application cancelled successfully.',
  data: await cancelMyApplication(principal.userId, params.id),
}));
