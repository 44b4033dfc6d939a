import { endpoint } from '../../../commons/http';
import { listGeoNodes } from '../../../data/geo';
import { buildGeoTree } from '../../../domain/geo-tree';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminGetGeo, async () => ({
  data: buildGeoTree(await listGeoNodes(), { activeOnly: false }),
}));
