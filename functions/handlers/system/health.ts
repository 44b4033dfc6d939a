import { checkHealth } from '@functions/domain/system/health';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { health as route } from '@shared/routes/system';

export const handler = publicEndpoint(route, async () => ({ data: await checkHealth() }));
