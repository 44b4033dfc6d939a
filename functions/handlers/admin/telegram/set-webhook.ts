import { actorOf } from '@functions/domain/accounts/principal';
import { setBotWebhook } from '@functions/domain/telegram/bot-status';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminTelegramSetWebhook as route } from '@shared/routes/telegram';

export const handler = endpoint(route, async ({ principal }) => ({
  message: 'Webhook set.',
  data: await setBotWebhook(actorOf(principal)),
}));
