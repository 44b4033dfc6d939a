import { issueLiveTicket } from '@functions/domain/live/connections';
import { endpoint } from '@functions/pipeline/endpoint';
import { createLiveTicket as route } from '@shared/routes/live';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await issueLiveTicket(principal),
}));
