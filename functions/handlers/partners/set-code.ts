import { choosePartnerCode } from '@functions/domain/partners/program';
import { endpoint } from '@functions/pipeline/endpoint';
import { setPartnerCode as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: 200,
  message: 'Partner code saved.',
  data: await choosePartnerCode(principal.user, body),
}));
