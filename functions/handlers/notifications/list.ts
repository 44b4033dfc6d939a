import { endpoint } from '../../commons/http';
import { listNotifications } from '../../domain/notifications/notifications';
import { listNotifications as route } from '../../routes';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listNotifications(principal.userId, query),
}));
