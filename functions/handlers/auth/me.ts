import { toPublicUser } from '@functions/domain/accounts/public-user';
import { endpoint } from '@functions/pipeline/endpoint';
import { authMe as route } from '@functions/routes/auth';

export const handler = endpoint(route, async ({ principal }) => ({
  data: { user: toPublicUser(principal.user) },
}));
