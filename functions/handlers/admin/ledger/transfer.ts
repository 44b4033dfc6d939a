import { actorOf } from '@functions/domain/accounts/principal';
import { transferBetweenAccounts } from '@functions/domain/ledger/accounts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminTransferBetweenAccounts as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Transfer recorded.',
  data: await transferBetweenAccounts(body, actorOf(principal)),
}));
