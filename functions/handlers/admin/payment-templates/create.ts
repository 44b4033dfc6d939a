import { actorOf } from '@functions/domain/accounts/principal';
import { createPaymentTemplate } from '@functions/domain/payment-templates/templates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCreatePaymentTemplate as route } from '@shared/routes/payment-templates';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Payment template saved.',
  data: await createPaymentTemplate(body, actorOf(principal)),
}));
