import { setPayoutDetails } from '@functions/domain/applications/client-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { setPayoutDetails as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await setPayoutDetails(principal.userId, params.id, body),
}));
