import { clientLimits } from '@functions/domain/limits/limits';
import { endpoint } from '@functions/pipeline/endpoint';
import { myLimits as route } from '@shared/routes/profile';
import { tierOf } from '@shared/verification';

export const handler = endpoint(route, async ({ principal }) => {
  const { user } = principal;
  const data = await clientLimits({ id: user.id, tier: tierOf(user), completedDeals: user.applicationCount });
  return { data };
});
