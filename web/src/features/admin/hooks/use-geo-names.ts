import type { GeoTree } from '@shared/geo';
import { api } from '@web/lib/api-client';
import { useEffect, useState } from 'react';
import { geoKeyName } from '../lib/format';

type Names = Map<string, { ru: string; en: string }>;
let cached: Promise<Names> | null = null;

function loadNames(): Promise<Names> {
  cached ??= api.get<GeoTree>('/geo').then(
    (answer) => {
      const names: Names = new Map();
      for (const continent of answer.data ?? []) {
        names.set(continent.key, continent.names);
        for (const country of continent.countries) {
          names.set(country.key, country.names);
          for (const city of country.cities) names.set(city.key, city.names);
        }
      }
      return names;
    },
    () => {
      cached = null;
      return new Map();
    },
  );
  return cached;
}

/**
 * Localized place names for the dotted geo keys of applications, from the public geo tree (any
 * staff role may read it); a key it does not know shows its last segment, capitalized.
 */
export function useGeoNames(language: 'ru' | 'en') {
  const [names, setNames] = useState<Names | null>(null);
  useEffect(() => {
    let live = true;
    void loadNames().then((loaded) => {
      if (live) setNames(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return (key: string | null | undefined): string => {
    if (!key) return '';
    const known = names?.get(key)?.[language];
    if (known) return known;
    const fallback = geoKeyName(key);
    return fallback.charAt(0).toUpperCase() + fallback.slice(1);
  };
}
