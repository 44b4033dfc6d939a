import { toSessionData } from '@functions/domain/accounts/user-views';
import { acceptInvitation } from '@functions/domain/staff-users/invitation-accept';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authAcceptStaffInvitation as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body }) => {
  const { recoveryCodes, ...session } = await acceptInvitation(body);
  return { message: 'Welcome to the staff.', data: { session: await toSessionData(session), recoveryCodes } };
});
