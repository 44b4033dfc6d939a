import { acceptRequote } from '@functions/domain/applications/client-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { acceptRequote as route } from '@shared/routes/deal-money';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await acceptRequote(principal.userId, params.id),
}));
