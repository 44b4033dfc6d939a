import { createApplication } from '@functions/domain/applications/create';
import { toApplicationView } from '@functions/domain/applications/views';
import { endpoint } from '@functions/pipeline/endpoint';
import { createApplication as route } from '@shared/routes/applications';

export const handler = endpoint(route, async ({ body, headers, principal }) => {
  const { application, replayed } = await createApplication(
    principal.userId,
    body,
    headers['idempotency-key'],
  );
  return {
    status: replayed ? 200 : route.successStatus,
    message: body.requestType === 'INDIVIDUAL' ? 'Individual request submitted.' : 'Application submitted.',
    data: toApplicationView(application),
    ...(replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : {}),
  };
});
