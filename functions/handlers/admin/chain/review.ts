import { listChainReview } from '@functions/domain/chain/review';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminChainReview as route } from '@shared/routes/chain';

export const handler = endpoint(route, async () => ({
  data: await listChainReview(),
}));
