import { actorOf } from '@functions/domain/accounts/principal';
import { deletePaymentTemplate } from '@functions/domain/payment-templates/templates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDeletePaymentTemplate as route } from '@shared/routes/payment-templates';

export const handler = endpoint(route, async ({ params, principal }) => {
  await deletePaymentTemplate(params.id, actorOf(principal));
  return { message: 'Payment template deleted.' };
});
