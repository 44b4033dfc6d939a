import { announcePhoto } from '@functions/domain/verification/requests';
import { endpoint } from '@functions/pipeline/endpoint';
import { announceVerificationPhoto as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: 'Upload the photo with the given form.',
  data: await announcePhoto(principal.userId, params.id, body),
}));
