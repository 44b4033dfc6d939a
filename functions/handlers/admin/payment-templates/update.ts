import { actorOf } from '@functions/domain/accounts/principal';
import { updatePaymentTemplate } from '@functions/domain/payment-templates/templates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminUpdatePaymentTemplate as route } from '@shared/routes/payment-templates';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Payment template saved.',
  data: await updatePaymentTemplate(params.id, body, actorOf(principal)),
}));
