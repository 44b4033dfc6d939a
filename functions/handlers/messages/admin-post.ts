import { postMessage, staffCaller } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPostMessage as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: 'Message sent.',
  data: await postMessage(staffCaller(principal), params.id, body),
}));
