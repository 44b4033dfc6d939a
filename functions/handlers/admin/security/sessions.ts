import { listStaffSessions } from '@functions/domain/security/sessions';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminSecuritySessions as route } from '@shared/routes/security';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await listStaffSessions(principal),
}));
