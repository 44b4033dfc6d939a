import { unlinkTelegram } from '@functions/domain/telegram/linking';
import { endpoint } from '@functions/pipeline/endpoint';
import { deleteTelegramLink as route } from '@shared/routes/telegram';

export const handler = endpoint(route, async ({ principal }) => ({
  message: 'Telegram unlinked.',
  data: await unlinkTelegram(principal.user),
}));
