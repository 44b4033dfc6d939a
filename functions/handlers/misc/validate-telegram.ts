import { validateTelegramContact } from '@functions/domain/telegram/bot-status';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { validateTelegram as route } from '@shared/routes/applications';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await validateTelegramContact(body.username),
}));
