import { endpoint } from '../../commons/http';
import { toPublicUser } from '../../data/users';
import { routes } from '../../routes';

export const handler = endpoint(routes.authMe, async ({ principal }) => ({
  data: { user: toPublicUser(principal.user) },
}));
