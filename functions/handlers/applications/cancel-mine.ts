import { cancelMyApplication } from '@functions/domain/applications/mine';
import { endpoint } from '@functions/pipeline/endpoint';
import { cancelMyApplication as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Application cancelled successfully.',
  data: await cancelMyApplication(principal.userId, params.id),
}));
