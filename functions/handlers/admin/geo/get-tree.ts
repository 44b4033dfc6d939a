import { endpoint } from '@functions/commons/http';
import { listGeoNodes } from '@functions/data/geo';
import { buildGeoTree } from '@functions/domain/geo-tree';
import { adminGetGeo as route } from '@functions/routes';

export const handler = endpoint(route, async () => ({
  data: buildGeoTree(await listGeoNodes(), { activeOnly: false }),
}));
