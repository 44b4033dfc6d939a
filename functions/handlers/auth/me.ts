import { endpoint } from '../../commons/http';
import { toPublicUser } from '../../data/users';
import { authMe as route } from '../../routes';

export const handler = endpoint(route, async ({ principal }) => ({
  data: { user: toPublicUser(principal.user) },
}));
