import { getSetting } from '@functions/domain/settings/settings';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetSetting as route } from '@shared/routes/settings';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await getSetting(params.key, principal.role),
}));
