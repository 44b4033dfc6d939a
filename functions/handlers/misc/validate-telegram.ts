import { isTelegramContact } from '../../../shared/telegram';
import { endpoint } from '../../commons/http';
import { routes } from '../../routes';

export const handler = endpoint(routes.validateTelegram, async ({ body }) => ({
  data: { isValid: isTelegramContact(body.username) },
}));
