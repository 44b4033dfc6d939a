import { readGeoTree } from '@functions/domain/geo/read-tree';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminGetGeo as route } from '@shared/routes/geo';

export const handler = endpoint(route, async () => ({
  data: await readGeoTree({ activeOnly: false }),
}));
