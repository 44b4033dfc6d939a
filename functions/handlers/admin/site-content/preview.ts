import { renderPageMarkdown } from '@functions/domain/site-content/markdown';
import { endpoint } from '@functions/pipeline/endpoint';
import { previewSiteBlock as route } from '@shared/routes/site-content';

// The renderer alone: the preview stores and reads nothing.
export const handler = endpoint(route, async ({ body }) => ({
  data: { html: renderPageMarkdown(body.markdown) },
}));
