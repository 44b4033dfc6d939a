import { actorOf } from '@functions/domain/accounts/principal';
import { resendInvitation } from '@functions/domain/staff-users/invitations';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminResendStaffInvitation as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Invitation sent again.',
  data: await resendInvitation(actorOf(principal), params.id),
}));
