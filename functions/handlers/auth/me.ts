import { toOwnUserView } from '@functions/domain/accounts/user-views';
import { endpoint } from '@functions/pipeline/endpoint';
import { authMe as route } from '@shared/routes/auth';

export const handler = endpoint(route, async ({ principal }) => ({
  data: { user: await toOwnUserView(principal.user) },
}));
