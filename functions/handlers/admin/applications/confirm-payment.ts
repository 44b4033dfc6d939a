import { dealActorOf } from '@functions/domain/accounts/principal';
import { confirmPayment } from '@functions/domain/applications/staff-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminConfirmPayment as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await confirmPayment(params.id, body, dealActorOf(principal)),
}));
