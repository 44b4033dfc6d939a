import { partnersForStaff } from '@functions/domain/partners/admin';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListPartners as route } from '@shared/routes/partners';

export const handler = endpoint(route, async () => ({ data: await partnersForStaff() }));
