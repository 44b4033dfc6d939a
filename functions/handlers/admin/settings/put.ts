import { actorOf } from '@functions/domain/accounts/principal';
import { putSetting } from '@functions/domain/settings/settings';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminPutSetting as route } from '@shared/routes/settings';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Setting saved.',
  data: await putSetting(params.key, body, actorOf(principal)),
}));
