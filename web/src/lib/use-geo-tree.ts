import type { GeoTree } from '@shared/geo';
import { startTransition, useEffect, useState } from 'react';
import { fetchGeoTree } from './exchange-api';

export type GeoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; tree: GeoTree };

/** The public geo tree, asked once per mount (after hydration on a prerendered page). */
export function useGeoTree(): GeoState {
  const [geo, setGeo] = useState<GeoState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchGeoTree(controller.signal).then(
      // A transition: the places fill a select of 136 cities, rendered in slices that yield to the
      // browser rather than in one task while the page may still be hydrating.
      (tree) => startTransition(() => setGeo({ status: 'ready', tree })),
      () => {
        if (!controller.signal.aborted) setGeo({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return geo;
}
