import { listAuditTrail } from '@functions/domain/audit/trail';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminAuditTrail as route } from '@shared/routes/audit';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listAuditTrail(query, principal),
}));
