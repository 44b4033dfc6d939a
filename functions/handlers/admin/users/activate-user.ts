import { actorOf } from '@functions/domain/accounts/principal';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser } from '@functions/domain/staff-users/change-user';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminActivateUser as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { isActive: true }, 'user.activate');
  return { message: 'User activated.', data: await withApplicationCount(user) };
});
