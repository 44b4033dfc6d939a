import { readAllNotifications } from '@functions/domain/notifications/notifications';
import { endpoint } from '@functions/pipeline/endpoint';
import { readAllNotifications as route } from '@shared/routes/notifications';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await readAllNotifications(principal.userId),
}));
