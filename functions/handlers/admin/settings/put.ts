import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { putSetting } from '../../../domain/settings/settings';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminPutSetting, async ({ params, body, principal }) => ({
  message: 'Setting saved.',
  data: await putSetting(params.key, body, actorOf(principal)),
}));
