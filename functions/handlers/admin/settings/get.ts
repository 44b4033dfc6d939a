import { endpoint } from '../../../commons/http';
import { getSetting } from '../../../domain/settings/settings';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminGetSetting, async ({ params }) => ({
  data: await getSetting(params.key),
}));
