import { readMyVerification } from '@functions/domain/verification/cards';
import { endpoint } from '@functions/pipeline/endpoint';
import { getMyVerification as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await readMyVerification(principal.user),
}));
