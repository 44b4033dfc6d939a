import { actorOf } from '@functions/domain/accounts/principal';
import { rejectPartnerPayout } from '@functions/domain/partners/payouts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRejectPartnerPayout as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Payout refused.',
  data: await rejectPartnerPayout(params.id, body.reason, actorOf(principal)),
}));
