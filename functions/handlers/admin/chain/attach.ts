import { dealActorOf } from '@functions/domain/accounts/principal';
import { attachChainTransfer } from '@functions/domain/chain/actions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminAttachChainTransfer as route } from '@shared/routes/chain';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await attachChainTransfer(params.txId, body, dealActorOf(principal)),
}));
