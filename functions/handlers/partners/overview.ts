import { partnerOverview } from '@functions/domain/partners/program';
import { endpoint } from '@functions/pipeline/endpoint';
import { myPartnerOverview as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await partnerOverview(principal.user),
}));
