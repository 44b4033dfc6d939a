import { dealActorOf } from '@functions/domain/accounts/principal';
import { closeWithDifference } from '@functions/domain/applications/payment-resolution';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCloseDeal as route } from '@shared/routes/deal-money';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await closeWithDifference(params.id, body, dealActorOf(principal)),
}));
