import { endpoint } from '../../../commons/http';
import { listAllSettings } from '../../../domain/settings/settings';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminListSettings, async () => ({ data: await listAllSettings() }));
