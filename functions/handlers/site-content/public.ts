import { siteContentIn } from '@functions/domain/site-content/blocks';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { siteContent as route } from '@shared/routes/site-content';

export const handler = publicEndpoint(route, async ({ query }) => ({
  data: await siteContentIn(query.language),
}));
