import { actorOf } from '@functions/domain/accounts/principal';
import { inviteStaff } from '@functions/domain/staff-users/invitations';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminInviteStaff as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Invitation sent.',
  data: await inviteStaff(actorOf(principal), body),
}));
