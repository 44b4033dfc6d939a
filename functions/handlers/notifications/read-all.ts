import { endpoint } from '../../commons/http';
import { readAllNotifications } from '../../domain/notifications/notifications';
import { routes } from '../../routes';

export const handler = endpoint(routes.readAllNotifications, async ({ principal }) => ({
  data: await readAllNotifications(principal.userId),
}));
