import { listReserves } from '@functions/domain/reserves/views';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListReserves as route } from '@shared/routes/reserves';

export const handler = endpoint(route, async () => ({ data: await listReserves() }));
