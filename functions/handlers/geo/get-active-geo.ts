import { publicEndpoint } from '../../commons/http';
import { listGeoNodes } from '../../data/geo';
import { buildGeoTree } from '../../domain/geo-tree';
import { getGeo as route } from '../../routes';

export const handler = publicEndpoint(route, async () => ({
  data: buildGeoTree(await listGeoNodes(), { activeOnly: true }),
}));
