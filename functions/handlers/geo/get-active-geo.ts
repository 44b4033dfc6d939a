import { readGeoTree } from '@functions/domain/geo/read-tree';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { getGeo as route } from '@functions/routes/geo';

export const handler = publicEndpoint(route, async () => ({
  data: await readGeoTree({ activeOnly: true }),
}));
