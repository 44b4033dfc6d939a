import { dealActorOf } from '@functions/domain/accounts/principal';
import { releaseHold } from '@functions/domain/applications/payment-resolution';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminReleaseHold as route } from '@shared/routes/deal-money';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await releaseHold(params.id, body, dealActorOf(principal)),
}));
