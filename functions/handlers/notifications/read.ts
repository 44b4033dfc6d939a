import { endpoint } from '@functions/commons/http';
import { readNotification } from '@functions/domain/notifications/notifications';
import { readNotification as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await readNotification(principal.userId, params.id),
}));
