import { openGuestOrder } from '@functions/domain/applications/guest';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { openGuestOrder as route } from '@shared/routes/applications';

export const handler = publicEndpoint(route, async ({ body }) => ({
  message: 'Order opened.',
  data: await openGuestOrder(body.token),
}));
