import { listPaymentTemplates } from '@functions/domain/payment-templates/templates';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListPaymentTemplates as route } from '@shared/routes/payment-templates';

export const handler = endpoint(route, async () => ({ data: await listPaymentTemplates() }));
