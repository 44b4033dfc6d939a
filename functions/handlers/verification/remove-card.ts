import { removeCard } from '@functions/domain/verification/cards';
import { endpoint } from '@functions/pipeline/endpoint';
import { removeMyCard as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ params, principal }) => {
  await removeCard(principal.userId, params.id);
  return { message: 'Card removed.' };
});
