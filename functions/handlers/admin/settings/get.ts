import { endpoint } from '@functions/commons/http';
import { getSetting } from '@functions/domain/settings/settings';
import { adminGetSetting as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getSetting(params.key),
}));
