import { dealActorOf } from '@functions/domain/accounts/principal';
import { reversePayout } from '@functions/domain/applications/staff-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminReversePayout as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await reversePayout(params.id, body, dealActorOf(principal)),
}));
