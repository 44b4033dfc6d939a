import { amlStatus } from '@functions/domain/aml/checks';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminAmlStatus as route } from '@shared/routes/security';

export const handler = endpoint(route, async () => ({ data: await amlStatus(new Date()) }));
