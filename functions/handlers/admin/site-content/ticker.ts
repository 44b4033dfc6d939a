import { actorOf } from '@functions/domain/accounts/principal';
import { chooseTickerCoins } from '@functions/domain/site-content/ticker';
import { endpoint } from '@functions/pipeline/endpoint';
import { chooseTickerCoins as route } from '@shared/routes/site-content';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Saved.',
  data: await chooseTickerCoins(body, actorOf(principal)),
}));
