import { createAttachment } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { createMyAttachment as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: 'Upload the file with the given form.',
  data: await createAttachment({ side: 'client', userId: principal.userId }, params.id, body),
}));
