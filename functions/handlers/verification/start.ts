import { startVerification } from '@functions/domain/verification/requests';
import { endpoint } from '@functions/pipeline/endpoint';
import { startVerification as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Upload the photos, then send them.',
  data: await startVerification(principal.userId, body),
}));
