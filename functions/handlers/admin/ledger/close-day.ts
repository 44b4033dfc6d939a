import { actorOf } from '@functions/domain/accounts/principal';
import { closeLedgerDay } from '@functions/domain/ledger/day';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCloseLedgerDay as route } from '@shared/routes/ledger';

export const handler = endpoint(route, async ({ params, principal }) => ({
  message: 'Day closed.',
  data: await closeLedgerDay(params.day, actorOf(principal)),
}));
