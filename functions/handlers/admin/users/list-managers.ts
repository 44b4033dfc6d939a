import { endpoint } from '../../../commons/http';
import { listManagers } from '../../../domain/staff-users/user-detail';
import { adminListManagers as route } from '../../../routes';

export const handler = endpoint(route, async () => ({ data: await listManagers() }));
