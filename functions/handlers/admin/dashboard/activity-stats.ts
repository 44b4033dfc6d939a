import { endpoint } from '../../../commons/http';
import { activityStats } from '../../../domain/dashboard/dashboard';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminActivityStats, async () => ({ data: await activityStats() }));
