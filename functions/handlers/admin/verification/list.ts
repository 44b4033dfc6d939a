import { readQueue } from '@functions/domain/verification/review';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListVerifications as route } from '@shared/routes/verification';

export const handler = endpoint(route, async () => ({ data: await readQueue() }));
