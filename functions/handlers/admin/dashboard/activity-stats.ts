import { activityStats } from '@functions/domain/dashboard/dashboard';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminActivityStats as route } from '@shared/routes/dashboard';

export const handler = endpoint(route, async () => ({ data: await activityStats() }));
