import { actorOf } from '@functions/domain/accounts/principal';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser } from '@functions/domain/staff-users/change-user';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDeactivateUser as route } from '@shared/routes/admin-users';

/** Deactivation also ends every session of the user (their sessionEpoch moves on). */
export const handler = endpoint(route, async ({ params, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { isActive: false }, 'user.deactivate');
  return { message: 'User deactivated.', data: await withApplicationCount(user) };
});
