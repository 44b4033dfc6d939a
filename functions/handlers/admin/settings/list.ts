import { listAllSettings } from '@functions/domain/settings/settings';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminListSettings as route } from '@shared/routes/settings';

export const handler = endpoint(route, async ({ principal }) => ({
  data: await listAllSettings(principal.role),
}));
