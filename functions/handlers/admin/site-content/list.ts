import { adminSiteContent } from '@functions/domain/site-content/blocks';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSiteContent as route } from '@shared/routes/site-content';

export const handler = endpoint(route, async () => ({
  data: await adminSiteContent(),
}));
