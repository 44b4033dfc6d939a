import { listSecurityAudit } from '@functions/domain/security/audit';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSecurityAudit as route } from '@shared/routes/security';

export const handler = endpoint(route, async ({ query, principal }) => ({
  data: await listSecurityAudit(query, principal),
}));
