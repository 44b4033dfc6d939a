import { dealActorOf } from '@functions/domain/accounts/principal';
import { recordRefund } from '@functions/domain/applications/staff-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRecordRefund as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await recordRefund(params.id, body, dealActorOf(principal)),
}));
