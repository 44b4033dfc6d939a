import { actorOf } from '@functions/domain/accounts/principal';
import { payPartnerPayout } from '@functions/domain/partners/payouts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPayPartnerPayout as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Payout verified on chain and recorded.',
  data: await payPartnerPayout(params.id, body.txHash, actorOf(principal)),
}));
