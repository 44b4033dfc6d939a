import { readNotification } from '@functions/domain/notifications/notifications';
import { endpoint } from '@functions/pipeline/endpoint';
import { readNotification as route } from '@shared/routes/notifications';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await readNotification(principal.userId, params.id),
}));
