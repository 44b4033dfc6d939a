import { actorOf } from '@functions/domain/accounts/principal';
import { createAccount } from '@functions/domain/ledger/accounts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCreateLedgerAccount as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Account opened.',
  data: await createAccount(body, actorOf(principal)),
}));
