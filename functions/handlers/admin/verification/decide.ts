import { actorOf } from '@functions/domain/accounts/principal';
import { decideVerification } from '@functions/domain/verification/review';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminDecideVerification as route } from '@shared/routes/verification';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: body.decision === 'approve' ? 'Verification approved.' : 'Verification rejected.',
  data: await decideVerification(params.id, body, actorOf(principal)),
}));
