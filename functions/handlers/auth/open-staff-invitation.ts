import { openInvitation } from '@functions/domain/staff-users/invitation-accept';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authOpenStaffInvitation as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body }) => ({
  data: await openInvitation(body.token),
}));
