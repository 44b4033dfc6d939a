import { endpoint } from '../../commons/http';
import { cancelMyApplication } from '../../domain/applications/mine';
import { cancelMyApplication as route } from '../../routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Application cancelled successfully.',
  data: await cancelMyApplication(principal.userId, params.id),
}));
