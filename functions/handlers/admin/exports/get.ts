import { exportStatus } from '@functions/domain/exports/exports';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetExport as route } from '@shared/routes/exports';

export const handler = endpoint(route, async ({ params, principal }) => ({
  data: await exportStatus(params.id, principal.userId),
}));
