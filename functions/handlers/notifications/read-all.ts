import { endpoint } from '@functions/commons/http';
import { readAllNotifications } from '@functions/domain/notifications/notifications';
import { readAllNotifications as route } from '@functions/routes';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await readAllNotifications(principal.userId),
}));
