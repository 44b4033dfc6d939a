import { readThread, staffCaller } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListMessages as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, query, principal }) => ({
  data: await readThread(staffCaller(principal), params.id, query),
}));
