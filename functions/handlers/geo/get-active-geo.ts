import { readGeoTree } from '@functions/domain/geo/read-tree';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { getGeo as route } from '@shared/routes/geo';

export const handler = publicEndpoint(route, async () => ({
  data: await readGeoTree({ activeOnly: true }),
}));
