import { fetchGeoTree } from './exchange-api';
import { useResource } from './use-resource';

type LocalizedNames = { ru: string; en: string };
type PlaceNames = Map<string, LocalizedNames>;

let loading: Promise<PlaceNames> | null = null;

/** Every continent, country and city of the public geo tree by key, loaded once per page. */
function loadPlaceNames(): Promise<PlaceNames> {
  loading ??= fetchGeoTree()
    .then((tree) => {
      const names: PlaceNames = new Map();
      for (const continent of tree) {
        names.set(continent.key, continent.names);
        for (const country of continent.countries) {
          names.set(country.key, country.names);
          for (const city of country.cities) names.set(city.key, city.names);
        }
      }
      return names;
    })
    .catch(() => {
      // Names are a nicety: without them places show their keys' names; the next screen tries again.
      loading = null;
      return new Map();
    });
  return loading;
}

/** The name part of a dotted geo key (`north_america.usa.new_york` → `New York`). */
export function geoKeyName(key: string | null | undefined): string {
  if (!key) return '';
  const last = key.split('.').pop() ?? '';
  return last
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Place names in the UI language for dotted geo keys; until the tree arrives, or for a place no
 * longer offered, the key's own name.
 */
export function usePlaceNames(language: 'ru' | 'en'): (key: string | null | undefined) => string {
  // One read serves every screen of the page, so a screen that closes does not abort it.
  const names = useResource(loadPlaceNames, []).data;
  return (key) => (key ? (names?.get(key)?.[language] ?? geoKeyName(key)) : '');
}
