import { postMessage } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { postMyMessage as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: 'Message sent.',
  data: await postMessage({ side: 'client', userId: principal.userId }, params.id, body),
}));
