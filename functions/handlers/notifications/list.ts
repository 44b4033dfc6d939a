import { endpoint } from '@functions/commons/http';
import { listNotifications } from '@functions/domain/notifications/notifications';
import { listNotifications as route } from '@functions/routes';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listNotifications(principal.userId, query),
}));
