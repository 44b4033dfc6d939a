import { listManagers } from '@functions/domain/staff-users/user-detail';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListManagers as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async () => ({ data: await listManagers() }));
