import { listGeoNodes } from '@functions/data/geo';
import type { GeoTree } from '@shared/geo';
import { buildGeoTree } from './tree';
import { readCitiesHours, unscheduledCity } from './working-hours';

/**
 * The geo tree as stored, each city with its code and working hours at `now`: the active part for
 * the apply form, or all of it for staff.
 */
export async function readGeoTree(options: { activeOnly: boolean }, now = new Date()): Promise<GeoTree> {
  const [nodes, cities] = await Promise.all([listGeoNodes(), readCitiesHours(now)]);
  return buildGeoTree(nodes, options, (key) => cities.get(key) ?? unscheduledCity(now));
}
