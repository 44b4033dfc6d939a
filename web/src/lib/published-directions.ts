import { directionKey } from '@shared/assets';
import type { PublicRatesData } from '@shared/contract/rates';
import { useMemo } from 'react';
import { fetchPublicRates } from './exchange-api';
import { useResource } from './use-resource';

export type PublicDirection = PublicRatesData['directions'][number];

/** The directions GET /rates publishes now (switched on and priced). */
export interface PublishedDirections {
  /** As `OpenKinds.published` keys: the calculator and the apply form offer only these pairs. */
  readonly keys: ReadonlySet<string>;
  /** With their monitors' codes: a monitor's deep link names one of them (lib/monitor-link.ts). */
  readonly list: readonly PublicDirection[];
}

/**
 * The published directions, so the calculator and the apply form offer no pair the server would
 * refuse (issue 40, defect 14); null while loading or when the rates cannot be read: then every
 * pair is offered and the server's refusal says why.
 */
export function usePublishedDirections(): PublishedDirections | null {
  const rates = useResource((signal) => fetchPublicRates(signal), []);
  return useMemo(
    () =>
      rates.data
        ? {
            keys: new Set(
              rates.data.directions.map((direction) => directionKey(direction.assetFrom, direction.assetTo)),
            ),
            list: rates.data.directions,
          }
        : null,
    [rates.data],
  );
}
