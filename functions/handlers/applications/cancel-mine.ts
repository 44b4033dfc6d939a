import { endpoint } from '../../commons/http';
import { cancelMyApplication } from '../../domain/applications/mine';
import { routes } from '../../routes';

export const handler = endpoint(routes.cancelMyApplication, async ({ params, principal }) => ({
  message: 'Application cancelled successfully.',
  data: await cancelMyApplication(principal.userId, params.id),
}));
