import { actorOf } from '@functions/domain/accounts/principal';
import { resetReferrals } from '@functions/domain/staff-users/reset-referrals';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminResetReferrals as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Referrals reset.',
  data: { count: await resetReferrals(actorOf(principal), params.id) },
}));
