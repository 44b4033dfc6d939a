import { actorOf } from '@functions/domain/accounts/principal';
import { removeBlacklistEntry } from '@functions/domain/blacklist/entries';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRemoveBlacklistEntry as route } from '@shared/routes/blacklist';

export const handler = endpoint(route, async ({ params, body, principal }) => {
  await removeBlacklistEntry(params.kind, params.value, body.reason, actorOf(principal));
  return { message: 'Removed from the blacklist.' };
});
