import { telegramBotStatus } from '@functions/domain/telegram/bot-status';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminTelegramStatus as route } from '@shared/routes/telegram';

export const handler = endpoint(route, async () => ({ data: await telegramBotStatus() }));
