import { publicEndpoint } from '@functions/pipeline/endpoint';
import { validateTelegram as route } from '@shared/routes/applications';
import { isTelegramContact } from '@shared/telegram';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: { isValid: isTelegramContact(body.username) },
}));
