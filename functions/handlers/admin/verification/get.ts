import { readVerification } from '@functions/domain/verification/review';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetVerification as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ params }) => ({ data: await readVerification(params.id) }));
