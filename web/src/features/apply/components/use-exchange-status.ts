import type { ExchangeStatus } from '@shared/contract/hours';
import { fetchExchangeStatus } from '@web/lib/exchange-api';
import { useResource } from '@web/lib/use-resource';

/**
 * Maintenance and the card schedule, read once when the apply screen opens (docs/product.md §4
 * "Working hours"); null until then or when it cannot be read, and nothing is held back meanwhile:
 * the server refuses what is closed either way.
 */
export function useExchangeStatus(): ExchangeStatus | null {
  return useResource(fetchExchangeStatus, []).data ?? null;
}
