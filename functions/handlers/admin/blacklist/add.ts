import { actorOf } from '@functions/domain/accounts/principal';
import { addBlacklistEntry } from '@functions/domain/blacklist/entries';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminAddBlacklistEntry as route } from '@shared/routes/blacklist';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Added to the blacklist.',
  data: await addBlacklistEntry(body, actorOf(principal)),
}));
