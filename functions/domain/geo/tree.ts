import type { GeoNodeRecord } from '@functions/data/geo';
import type { GeoCity, GeoContinent, GeoCountry, GeoTree } from '@shared/geo';
import { CONTINENT_KEYS, geoLevel } from '@shared/geo';

type FlatGeoNode = GeoNodeRecord;

/** What a city carries beside its node: its monitors' code and its working hours now. */
export type CityExtras = Pick<GeoCity, 'code' | 'hours'>;

/**
 * Assembles flat nodes into continents (in the spec's order) → countries → cities (in key order),
 * each city with its `extras`. With `activeOnly`, an inactive node hides its whole subtree, as the
 * apply form needs.
 */
export function buildGeoTree(
  nodes: FlatGeoNode[],
  options: { activeOnly: boolean },
  extras: (cityKey: string) => CityExtras,
): GeoTree {
  const visible = options.activeOnly ? nodes.filter((node) => node.isActive) : nodes;
  const continents = new Map<string, GeoContinent>();
  const countries = new Map<string, GeoCountry>();
  const base = (node: FlatGeoNode) => ({
    key: node.key,
    defaultName: node.defaultName,
    names: node.names,
    isActive: node.isActive,
  });
  const byDepth = [...visible].sort((a, b) => a.key.split('.').length - b.key.split('.').length);
  for (const node of byDepth) {
    const parentKey = node.key.slice(0, node.key.lastIndexOf('.'));
    switch (geoLevel(node.key)) {
      case 'continent':
        continents.set(node.key, { ...base(node), countries: [] });
        break;
      case 'country': {
        const country = { ...base(node), localCurrency: node.localCurrency ?? 'USD', cities: [] };
        const continent = continents.get(parentKey);
        if (!continent) break;
        continent.countries.push(country);
        countries.set(node.key, country);
        break;
      }
      case 'city':
        countries.get(parentKey)?.cities.push({ ...base(node), ...extras(node.key) });
        break;
    }
  }
  const rank = (key: string) => {
    const index = (CONTINENT_KEYS as readonly string[]).indexOf(key);
    return index === -1 ? CONTINENT_KEYS.length : index;
  };
  return [...continents.values()].sort((a, b) => rank(a.key) - rank(b.key));
}
