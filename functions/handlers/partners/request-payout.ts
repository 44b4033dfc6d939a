import { requestPartnerPayout } from '@functions/domain/partners/program';
import { endpoint } from '@functions/pipeline/endpoint';
import { requestPartnerPayout as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Payout requested.',
  data: await requestPartnerPayout(principal.user, body),
}));
