import type { GeoTree } from '@shared/geo';
import { useMemo } from 'react';
import { fetchGeoTree } from './exchange-api';
import { useResource } from './use-resource';

export type GeoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; tree: GeoTree };

/** The public geo tree, asked once per mount (after hydration on a prerendered page). */
export function useGeoTree(): GeoState {
  // A transition: the places fill a select of 136 cities, rendered in slices that yield to the
  // browser rather than in one task while the page may still be hydrating.
  const { data, error } = useResource(fetchGeoTree, [], { transition: true });
  // One object per answer: screens start effects on it (the apply form's prefill).
  return useMemo<GeoState>(() => {
    if (data) return { status: 'ready', tree: data };
    return error ? { status: 'error' } : { status: 'loading' };
  }, [data, error]);
}
