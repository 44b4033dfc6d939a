import { isValidExchangePair } from '@shared/assets';
import type { QuoteLimits } from '@shared/contract/rates';
import { useResource } from '@web/lib/use-resource';
import { fetchPairLimits } from '../api/apply-api';

export type PairLimitsState =
  | { status: 'loading' | 'unavailable' }
  | { status: 'ready'; limits: QuoteLimits };

/**
 * The chosen pair's limits before an amount is typed (docs/product.md §2 "Apply"): the minimum, the
 * maximum and the most that can be received (the reserve), asked again whenever the pair changes.
 */
export function usePairLimits(assetFrom: string, assetTo: string): PairLimitsState {
  const valid = isValidExchangePair(assetFrom, assetTo);
  const limits = useResource(valid ? (signal) => fetchPairLimits(assetFrom, assetTo, signal) : null, [
    valid,
    assetFrom,
    assetTo,
  ]);
  if (!valid || limits.error) return { status: 'unavailable' };
  // The previous pair's limits stay in `data` while this pair's load.
  if (limits.loading) return { status: 'loading' };
  return limits.data ? { status: 'ready', limits: limits.data } : { status: 'unavailable' };
}
