import { listAccountsWithChain } from '@functions/domain/ledger/chain-balance';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListLedgerAccounts as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async () => ({ data: await listAccountsWithChain() }));
