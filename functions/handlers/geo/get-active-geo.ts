import { publicEndpoint } from '@functions/commons/http';
import { listGeoNodes } from '@functions/data/geo';
import { buildGeoTree } from '@functions/domain/geo-tree';
import { getGeo as route } from '@functions/routes';

export const handler = publicEndpoint(route, async () => ({
  data: buildGeoTree(await listGeoNodes(), { activeOnly: true }),
}));
