import { endpoint } from '@functions/commons/http';
import { listManagers } from '@functions/domain/staff-users/user-detail';
import { adminListManagers as route } from '@functions/routes';

export const handler = endpoint(route, async () => ({ data: await listManagers() }));
