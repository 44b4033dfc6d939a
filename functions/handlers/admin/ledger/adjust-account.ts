import { actorOf } from '@functions/domain/accounts/principal';
import { adjustAccount } from '@functions/domain/ledger/accounts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminAdjustLedgerAccount as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  status: route.successStatus,
  message: body.opening ? 'Opening balance recorded.' : 'Adjustment recorded.',
  data: await adjustAccount(params.id, body, actorOf(principal)),
}));
