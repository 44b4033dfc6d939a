import { createTelegramLink } from '@functions/domain/telegram/linking';
import { endpoint } from '@functions/pipeline/endpoint';
import { createTelegramLink as route } from '@shared/routes/telegram';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await createTelegramLink(principal.user.id),
}));
