import { actorOf } from '@functions/domain/accounts/principal';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser } from '@functions/domain/staff-users/change-user';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSetUserRole as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, body, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { role: body.role }, 'user.role');
  return { message: 'Role changed.', data: await withApplicationCount(user) };
});
