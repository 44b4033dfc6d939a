import { actorOf } from '@functions/domain/accounts/principal';
import { revokeStaffSession } from '@functions/domain/security/sessions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminRevokeSession as route } from '@shared/routes/security';

export const handler = endpoint(route, async ({ params, principal }) => {
  await revokeStaffSession(actorOf(principal), params.id);
  return { message: 'Session ended.' };
});
