import { submitVerification } from '@functions/domain/verification/requests';
import { endpoint } from '@functions/pipeline/endpoint';
import { submitVerification as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Photos sent for review.',
  data: await submitVerification(principal.userId, params.id),
}));
