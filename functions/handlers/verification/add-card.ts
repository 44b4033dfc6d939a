import { addCard } from '@functions/domain/verification/cards';
import { endpoint } from '@functions/pipeline/endpoint';
import { addMyCard as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Card added.',
  data: await addCard(principal.userId, body),
}));
