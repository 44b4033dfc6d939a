import { publicEndpoint } from '@functions/commons/http';
import { validateTelegram as route } from '@functions/routes';
import { isTelegramContact } from '@shared/telegram';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: { isValid: isTelegramContact(body.username) },
}));
