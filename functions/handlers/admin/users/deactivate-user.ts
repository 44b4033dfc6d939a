import { endpoint } from '@functions/commons/http';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser } from '@functions/domain/staff-users/change-user';
import { actorOf } from '@functions/domain/staff-users/permissions';
import { adminDeactivateUser as route } from '@functions/routes';

/** Deactivation also ends every session of the user (their sessionEpoch moves on). */
export const handler = endpoint(route, async ({ params, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { isActive: false }, 'user.deactivate');
  return { message: 'User deactivated.', data: await withApplicationCount(user) };
});
