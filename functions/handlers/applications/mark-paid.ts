import { markPaid } from '@functions/domain/applications/client-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { markPaid as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await markPaid(principal.userId, params.id, body),
}));
