import { listAccounts } from '@functions/domain/ledger/accounts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListLedgerAccounts as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async () => ({ data: await listAccounts() }));
