import { tierLimitTable } from '@functions/domain/limits/limits';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { tierLimits as route } from '@shared/routes/rates';

export const handler = publicEndpoint(route, async () => ({ data: await tierLimitTable() }));
