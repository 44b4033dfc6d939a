import { actorOf } from '@functions/domain/accounts/principal';
import { countLedgerDay } from '@functions/domain/ledger/day';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCountLedgerDay as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Count recorded.',
  data: await countLedgerDay(params.day, params.id, body, actorOf(principal)),
}));
