import { dealActorOf } from '@functions/domain/accounts/principal';
import { resolvePayment } from '@functions/domain/applications/payment-resolution';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminResolvePayment as route } from '@shared/routes/deal-money';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await resolvePayment(params.id, body, dealActorOf(principal)),
}));
