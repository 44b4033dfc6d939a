import { ledgerDayReport } from '@functions/domain/ledger/day';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetLedgerDay as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params }) => ({ data: await ledgerDayReport(params.day) }));
