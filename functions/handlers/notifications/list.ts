import { endpoint } from '../../commons/http';
import { listNotifications } from '../../domain/notifications/notifications';
import { routes } from '../../routes';

export const handler = endpoint(routes.listNotifications, async ({ query, principal }) => ({
  data: await listNotifications(principal.userId, query),
}));
