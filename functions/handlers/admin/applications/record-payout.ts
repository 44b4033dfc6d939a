import { dealActorOf } from '@functions/domain/accounts/principal';
import { recordPayout } from '@functions/domain/applications/staff-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRecordPayout as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await recordPayout(params.id, body, dealActorOf(principal)),
}));
