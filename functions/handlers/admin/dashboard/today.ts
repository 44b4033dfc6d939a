import { actorOf } from '@functions/domain/accounts/principal';
import { dashboardToday } from '@functions/domain/dashboard/today';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDashboardToday as route } from '@shared/routes/dashboard';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await dashboardToday(actorOf(principal)),
}));
