import { dealActorOf } from '@functions/domain/accounts/principal';
import { refundChainTransfer } from '@functions/domain/chain/actions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRefundChainTransfer as route } from '@shared/routes/chain';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await refundChainTransfer(params.txId, body, dealActorOf(principal)),
}));
