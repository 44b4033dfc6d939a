import { isTelegramContact } from '../../../shared/telegram';
import { publicEndpoint } from '../../commons/http';
import { validateTelegram as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: { isValid: isTelegramContact(body.username) },
}));
