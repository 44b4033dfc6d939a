import { listGeoNodes } from '@functions/data/geo';
import type { GeoTree } from '@shared/geo';
import { buildGeoTree } from './tree';

/** The geo tree as stored: the active part for the apply form, or all of it for staff. */
export async function readGeoTree(options: { activeOnly: boolean }): Promise<GeoTree> {
  return buildGeoTree(await listGeoNodes(), options);
}
