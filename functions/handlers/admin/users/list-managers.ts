import { endpoint } from '../../../commons/http';
import { listManagers } from '../../../domain/staff-users/user-detail';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminListManagers, async () => ({ data: await listManagers() }));
