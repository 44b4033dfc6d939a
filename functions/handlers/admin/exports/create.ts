import { requestExport } from '@functions/domain/exports/exports';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminCreateExport as route } from '@shared/routes/exports';

export const handler = endpoint(route, async ({ body, principal }) => ({
  status: route.successStatus,
  message: 'Export is being prepared.',
  data: await requestExport(body, { id: principal.userId, language: principal.user.language }),
}));
