import { previewSiteBlock } from '@functions/domain/site-content/blocks';
import { endpoint } from '@functions/pipeline/endpoint';
import { previewSiteBlock as route } from '@shared/routes/site-content';

export const handler = endpoint(route, async ({ body }) => ({
  data: previewSiteBlock(body.markdown),
}));
