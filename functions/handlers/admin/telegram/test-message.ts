import { queueTelegramTestMessage } from '@functions/domain/telegram/bot-status';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminTelegramTestMessage as route } from '@shared/routes/telegram';

export const handler = endpoint(route, async () => {
  await queueTelegramTestMessage();
  return { message: 'Test message queued.' };
});
