import { endpoint } from '../../../commons/http';
import { actorOf } from '../../../domain/applications/actors';
import { putSetting } from '../../../domain/settings/settings';
import { adminPutSetting as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Setting saved.',
  data: await putSetting(params.key, body, actorOf(principal)),
}));
