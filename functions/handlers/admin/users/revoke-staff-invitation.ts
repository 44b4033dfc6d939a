import { actorOf } from '@functions/domain/accounts/principal';
import { revokeInvitation } from '@functions/domain/staff-users/invitations';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRevokeStaffInvitation as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, principal }) => {
  await revokeInvitation(actorOf(principal), params.id);
  return { message: 'Invitation revoked.' };
});
