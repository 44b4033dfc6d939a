import { endpoint } from '../../commons/http';
import { readNotification } from '../../domain/notifications/notifications';
import { readNotification as route } from '../../routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await readNotification(principal.userId, params.id),
}));
