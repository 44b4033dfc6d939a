import { endpoint } from '@functions/commons/http';
import { toPublicUser } from '@functions/data/users';
import { authMe as route } from '@functions/routes';

export const handler = endpoint(route, async ({ principal }) => ({
  data: { user: toPublicUser(principal.user) },
}));
