import { listStaffOnShift } from '@functions/domain/staff-users/shifts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListOnShift as route } from '@shared/routes/shifts';

export const handler = endpoint(route, async () => ({ data: await listStaffOnShift() }));
