import { endpoint } from '../../../commons/http';
import { listGeoNodes } from '../../../data/geo';
import { buildGeoTree } from '../../../domain/geo-tree';
import { adminGetGeo as route } from '../../../routes';

export const handler = endpoint(route, async () => ({
  data: buildGeoTree(await listGeoNodes(), { activeOnly: false }),
}));
