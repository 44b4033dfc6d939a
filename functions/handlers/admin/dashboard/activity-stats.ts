import { endpoint } from '../../../commons/http';
import { activityStats } from '../../../domain/dashboard/dashboard';
import { adminActivityStats as route } from '../../../routes';

export const handler = endpoint(route, async () => ({ data: await activityStats() }));
