import { readExchangeStatus } from '@functions/domain/geo/working-hours';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { getExchangeStatus as route } from '@shared/routes/geo';

export const handler = publicEndpoint(route, async () => ({
  data: await readExchangeStatus(),
}));
