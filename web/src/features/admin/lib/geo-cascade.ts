import type { GeoCity, GeoTree } from '@shared/geo';
import { geoAncestry, isGeoDescendantOrSelf } from '@shared/geo';
import { collator } from '@web/lib/intl-format';

/**
 * The geo toggle of docs/product.md §4 applied to the tree the screen shows: the node and every descendant
 * take the new state; switching on also switches on every ancestor (a city cannot be offered in
 * a switched-off country). Returns a new tree; the input is not changed, so the caller keeps it
 * to roll back when the server refuses.
 */
export function applyGeoToggle(tree: GeoTree, locationKey: string, isActive: boolean): GeoTree {
  const ancestors = new Set(geoAncestry(locationKey));
  const next = (key: string, current: boolean): boolean => {
    if (isGeoDescendantOrSelf(key, locationKey)) return isActive;
    if (isActive && ancestors.has(key)) return true;
    return current;
  };
  return tree.map((continent) => ({
    ...continent,
    isActive: next(continent.key, continent.isActive),
    countries: continent.countries.map((country) => ({
      ...country,
      isActive: next(country.key, country.isActive),
      cities: country.cities.map((city) => ({ ...city, isActive: next(city.key, city.isActive) })),
    })),
  }));
}

/** How many cities of a continent or country are on, for the tree's summary counts. */
export function countActiveCities(tree: GeoTree, key: string): { active: number; total: number } {
  let active = 0;
  let total = 0;
  for (const continent of tree) {
    for (const country of continent.countries) {
      for (const city of country.cities) {
        if (!isGeoDescendantOrSelf(city.key, key)) continue;
        total += 1;
        if (city.isActive && country.isActive && continent.isActive) active += 1;
      }
    }
  }
  return { active, total };
}

/**
 * How many cities that are on now "only these" would switch off: every city outside the selected
 * places (a selected continent or country keeps all its cities), for the confirmation to name.
 */
export function citiesOffWithOnly(tree: GeoTree, selected: ReadonlySet<string>): number {
  let off = 0;
  for (const continent of tree)
    for (const country of continent.countries)
      for (const city of country.cities) {
        const on = city.isActive && country.isActive && continent.isActive;
        if (on && ![...selected].some((key) => isGeoDescendantOrSelf(city.key, key))) off += 1;
      }
  return off;
}

/** Countries and cities by their name in `language` (continents keep their given order). */
export function sortGeoTree(tree: GeoTree, language: 'ru' | 'en'): GeoTree {
  const name = (node: { names?: { ru: string; en: string }; defaultName: string }) =>
    node.names?.[language] || node.defaultName;
  const byName = <T extends { names?: { ru: string; en: string }; defaultName: string }>(a: T, b: T) =>
    collator(language).compare(name(a), name(b));
  return tree.map((continent) => ({
    ...continent,
    countries: [...continent.countries]
      .sort(byName)
      .map((country) => ({ ...country, cities: [...country.cities].sort(byName) })),
  }));
}

/** The tree with one city's code and hours replaced (what the server answered to an edit). */
export function updateCity(tree: GeoTree, cityKey: string, change: Pick<GeoCity, 'code' | 'hours'>): GeoTree {
  return tree.map((continent) => ({
    ...continent,
    countries: continent.countries.map((country) => ({
      ...country,
      cities: country.cities.map((city) => (city.key === cityKey ? { ...city, ...change } : city)),
    })),
  }));
}
