import { createAttachment, staffCaller } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCreateAttachment as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: 'Upload the file with the given form.',
  data: await createAttachment(staffCaller(principal), params.id, body),
}));
