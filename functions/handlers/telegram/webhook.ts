import { handleTelegramUpdate } from '@functions/domain/telegram/webhook';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { TELEGRAM_SECRET_HEADER } from '@shared/contract/telegram';
import { telegramWebhook as route } from '@shared/routes/telegram';

export const handler = publicEndpoint(route, async ({ body, headers }) => {
  await handleTelegramUpdate(body, headers[TELEGRAM_SECRET_HEADER]);
  return {};
});
