import { endpoint } from '../../commons/http';
import { readAllNotifications } from '../../domain/notifications/notifications';
import { readAllNotifications as route } from '../../routes';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await readAllNotifications(principal.userId),
}));
