import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/staff-users/permissions';
import { resetReferrals } from '@functions/domain/staff-users/reset-referrals';
import { adminResetReferrals as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Referrals reset.',
  data: { count: await resetReferrals(actorOf(principal), params.id) },
}));
