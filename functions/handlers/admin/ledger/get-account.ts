import { accountTrail } from '@functions/domain/ledger/accounts';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetLedgerAccount as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params }) => ({ data: await accountTrail(params.id) }));
