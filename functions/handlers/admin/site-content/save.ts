import { actorOf } from '@functions/domain/accounts/principal';
import { saveSiteBlock } from '@functions/domain/site-content/blocks';
import { endpoint } from '@functions/pipeline/endpoint';
import { saveSiteBlock as route } from '@shared/routes/site-content';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: body.markdown.trim() === '' ? 'The built-in text is back.' : 'Saved.',
  data: await saveSiteBlock(params.block, body, actorOf(principal)),
}));
