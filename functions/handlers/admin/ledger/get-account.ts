import { accountTrailWithChain } from '@functions/domain/ledger/chain-balance';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetLedgerAccount as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params }) => ({
  data: await accountTrailWithChain(params.id),
}));
