import { actorOf } from '@functions/domain/accounts/principal';
import { setPartnerTerms } from '@functions/domain/partners/admin';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSetPartnerTerms as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  message: 'Partner terms saved.',
  data: await setPartnerTerms(params.id, body, actorOf(principal)),
}));
