import { endpoint } from '@functions/commons/http';
import { activityStats } from '@functions/domain/dashboard/dashboard';
import { adminActivityStats as route } from '@functions/routes';

export const handler = endpoint(route, async () => ({ data: await activityStats() }));
