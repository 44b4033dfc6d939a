import { isValidExchangePair } from '@shared/assets';
import type { QuoteLimits } from '@shared/contract/rates';
import { useEffect, useState } from 'react';
import { fetchPairLimits } from '../api/apply-api';

export type PairLimitsState =
  | { status: 'loading' | 'unavailable' }
  | { status: 'ready'; limits: QuoteLimits };

/**
 * The chosen pair's limits before an amount is typed (docs/product.md §2 "Apply"): the minimum, the
 * maximum and the most that can be received (the reserve), asked again whenever the pair changes.
 */
export function usePairLimits(assetFrom: string, assetTo: string): PairLimitsState {
  const [state, setState] = useState<PairLimitsState>({ status: 'loading' });
  const valid = isValidExchangePair(assetFrom, assetTo);

  useEffect(() => {
    if (!valid) {
      setState({ status: 'unavailable' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPairLimits(assetFrom, assetTo, controller.signal).then(
      (limits) => setState(limits ? { status: 'ready', limits } : { status: 'unavailable' }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [valid, assetFrom, assetTo]);

  return state;
}
