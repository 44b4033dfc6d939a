import { actorOf } from '@functions/domain/accounts/principal';
import { setDefaultPartnerTerms } from '@functions/domain/partners/admin';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSetDefaultPartnerTerms as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ body, principal }) => ({
  message: 'Default partner terms saved.',
  data: await setDefaultPartnerTerms(body.directionTerms, actorOf(principal)),
}));
