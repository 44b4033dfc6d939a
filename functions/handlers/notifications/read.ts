import { endpoint } from '../../commons/http';
import { readNotification } from '../../domain/notifications/notifications';
import { routes } from '../../routes';

export const handler = endpoint(routes.readNotification, async ({ params, principal }) => ({
  data: await readNotification(principal.userId, params.id),
}));
