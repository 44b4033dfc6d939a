import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/staff-users/permissions';
import { resetReferrals } from '../../../domain/staff-users/reset-referrals';
import { adminResetReferrals as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Referrals reset.',
  data: { count: await resetReferrals(actorOf(principal), params.id) },
}));
