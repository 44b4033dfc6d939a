import { readThread } from '@functions/domain/messages/thread';
import { endpoint } from '@functions/pipeline/endpoint';
import { listMyMessages as route } from '@shared/routes/messages';

export const handler = endpoint(route, async ({ params, query, principal }) => ({
  data: await readThread({ side: 'client', userId: principal.userId }, params.id, query),
}));
