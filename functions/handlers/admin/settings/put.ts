import { endpoint } from '@functions/commons/http';
import { actorOf } from '@functions/domain/applications/actors';
import { putSetting } from '@functions/domain/settings/settings';
import { adminPutSetting as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Setting saved.',
  data: await putSetting(params.key, body, actorOf(principal)),
}));
