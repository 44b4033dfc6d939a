import { endpoint } from '@functions/commons/http';
import { listAllSettings } from '@functions/domain/settings/settings';
import { adminListSettings as route } from '@functions/routes';

export const handler = endpoint(route, async () => ({ data: await listAllSettings() }));
