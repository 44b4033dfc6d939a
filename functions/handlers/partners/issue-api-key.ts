import { issuePartnerApiKey } from '@functions/domain/partners/program';
import { endpoint } from '@functions/pipeline/endpoint';
import { issuePartnerApiKey as route } from '@shared/routes/partners';

export const handler = endpoint(route, async ({ principal }) => ({
  status: route.successStatus,
  message: 'A new partner API key: copy it now, it is not shown again.',
  data: await issuePartnerApiKey(principal.user),
}));
