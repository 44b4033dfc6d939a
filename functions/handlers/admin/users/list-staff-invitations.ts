import { listPendingInvitations } from '@functions/domain/staff-users/invitations';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListStaffInvitations as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async () => ({ data: await listPendingInvitations() }));
