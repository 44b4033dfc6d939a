import { listBlacklist } from '@functions/domain/blacklist/entries';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListBlacklist as route } from '@shared/routes/blacklist';

export const handler = endpoint(route, async ({ query }) => ({ data: await listBlacklist(query) }));
