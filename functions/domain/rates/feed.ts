import { logger } from '@functions/commons/logger';
import { type FeedPriceRecord, putFeedPrices, readRatesTable } from '@functions/data/rates';
import { currencyOfAsset } from '@shared/assets';
import {
  fetchCryptoTicker,
  fetchFiatReference,
  type ProviderAnswer,
  type ProviderConfig,
  providerConfigFromEnv,
} from './providers';

/**
 * An unchanged price is written again (without a history item) once its confirmation is this old,
 * so a direction's age can be judged when it is read, without a heartbeat write on every run.
 * Directions' maximum age is at least twice this (MAX_AGE_MINUTES_RANGE).
 */
export const FEED_CONFIRM_MINUTES = 5;

export interface FeedRun {
  /** Currencies whose price moved (each with a history item). */
  changed: string[];
  /** Currencies whose unchanged price was re-confirmed. */
  confirmed: string[];
  /** Item writes made (a price item per changed or confirmed currency, a history item per change). */
  writes: number;
  /** Providers that failed this run; their prices age until a direction using them pauses. */
  failures: string[];
}

/**
 * The rates job (every minute): asks the providers for the USD value of every currency a `feed`
 * direction uses and writes only what changed. A provider that fails or times out is logged and
 * skipped: its prices age, and the directions using them pause once past their maximum age.
 */
export async function refreshFeedPrices(
  now = new Date(),
  config: ProviderConfig = providerConfigFromEnv(),
): Promise<FeedRun> {
  const table = await readRatesTable();
  const codes = new Set(
    table.directions
      .filter((direction) => direction.source === 'feed')
      .flatMap((direction) => [currencyOfAsset(direction.assetFrom), currencyOfAsset(direction.assetTo)]),
  );
  const run: FeedRun = { changed: [], confirmed: [], writes: 0, failures: [] };
  if (codes.size === 0) return run;
  const wanted = [...codes];
  const calls: Array<Promise<ProviderAnswer>> = [];
  if (codes.has('USDT')) calls.push(fetchCryptoTicker(config));
  if (wanted.some((code) => code !== 'USDT')) calls.push(fetchFiatReference(config));
  const answers = await Promise.allSettled(calls);

  const previous = new Map(table.feed.map((price) => [price.code, price]));
  const at = now.toISOString();
  const writes: Array<{ price: FeedPriceRecord; previousUsdValue?: number | null }> = [];
  for (const answer of answers) {
    if (answer.status === 'rejected') {
      run.failures.push(String((answer.reason as Error).message));
      continue;
    }
    for (const code of wanted) {
      const usdValue = answer.value.usdValues.get(code);
      if (usdValue === undefined) continue;
      const price = { code, usdValue, asOf: at, provider: answer.value.provider };
      const before = previous.get(code);
      if (!before || before.usdValue !== usdValue) {
        writes.push({ price, previousUsdValue: before?.usdValue ?? null });
        run.changed.push(code);
      } else if (now.getTime() - Date.parse(before.asOf) >= FEED_CONFIRM_MINUTES * 60_000) {
        writes.push({ price });
        run.confirmed.push(code);
      }
    }
  }
  if (run.failures.length > 0) logger.warn('rates feed: providers failed', { failures: run.failures });
  run.writes = writes.length > 0 ? await putFeedPrices(writes) : 0;
  return run;
}
