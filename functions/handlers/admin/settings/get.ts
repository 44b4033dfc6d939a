import { endpoint } from '../../../commons/http';
import { getSetting } from '../../../domain/settings/settings';
import { adminGetSetting as route } from '../../../routes';

export const handler = endpoint(route, async ({ params }) => ({
  data: await getSetting(params.key),
}));
