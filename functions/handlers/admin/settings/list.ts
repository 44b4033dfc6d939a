import { endpoint } from '../../../commons/http';
import { listAllSettings } from '../../../domain/settings/settings';
import { adminListSettings as route } from '../../../routes';

export const handler = endpoint(route, async () => ({ data: await listAllSettings() }));
