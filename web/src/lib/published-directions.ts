import { directionKey } from '@shared/assets';
import { useMemo } from 'react';
import { fetchPublicRates } from './exchange-api';
import { useResource } from './use-resource';

/**
 * The directions GET /rates publishes now (switched on and priced), as `OpenKinds.published` keys,
 * so the calculator and the apply form offer no pair the server would refuse (issue 40, defect
 * 14); null while loading or when the rates cannot be read: then every pair is offered and the
 * server's refusal says why.
 */
export function usePublishedDirections(): ReadonlySet<string> | null {
  const rates = useResource((signal) => fetchPublicRates(signal), []);
  return useMemo(
    () =>
      rates.data
        ? new Set(
            rates.data.directions.map((direction) => directionKey(direction.assetFrom, direction.assetTo)),
          )
        : null,
    [rates.data],
  );
}
