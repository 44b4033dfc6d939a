import { listNotifications } from '@functions/domain/notifications/notifications';
import { endpoint } from '@functions/pipeline/endpoint';
import { listNotifications as route } from '@shared/routes/notifications';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listNotifications(principal.userId, query),
}));
