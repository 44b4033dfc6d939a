import { logger } from '@functions/commons/logger';
import { gaugeMetric } from '@functions/commons/metrics';
import {
  claimProviderCall,
  deferProviderCall,
  type FeedPriceRecord,
  putFeedPrices,
  type RatesTable,
  readRatesTable,
  type SourcePriceRecord,
  type StoredPrice,
} from '@functions/data/rates';
import { currencyOfAsset } from '@shared/assets';
import { type ProviderAnswer, ProviderFailed } from './provider-http';
import { PROVIDER_TERMS } from './provider-terms';
import { type ProviderConfig, providerConfigFromEnv, RATE_PROVIDERS } from './providers';
import { priceDirection, sidesOf } from './quote';

/**
 * An unchanged price is written again (without a history item) once its provider's time for it has
 * moved this much, so a direction's age can be judged when it is read, without a write on every
 * run. Directions' maximum age is at least twice this (MAX_AGE_MINUTES_RANGE).
 */
export const FEED_CONFIRM_MINUTES = 5;

const MINUTE = 60_000;

export interface FeedRun {
  /** Prices that moved (each with a history item): a currency's USD value by its code, a market source's as `{source}:{code}`. */
  changed: string[];
  /** Unchanged prices re-confirmed, named as `changed`. */
  confirmed: string[];
  /** Price item writes made (a price item per changed or confirmed price, a history item per change). */
  writes: number;
  /** Providers called this run (each call claimed with one write first). */
  called: string[];
  /** Providers not called: their last call is younger than their interval, or they are backing off a 429. */
  skipped: string[];
  /** Providers that failed this run; their prices age until a direction using them pauses. */
  failures: string[];
  /** Active feed directions paused now because a market price is out of date (`DirectionsPausedStale`). */
  pausedStale: number;
}

/** A stored price's name in a run's lists and its value. */
const nameOf = (price: StoredPrice) => ('source' in price ? `${price.source}:${price.code}` : price.code);
const priceValue = (price: StoredPrice) => ('source' in price ? price.perUsdt : price.usdValue);

/**
 * The rates job (every minute). Whether or not any direction follows the market yet, it asks each
 * provider of USD values whose interval has passed (provider-terms.ts: the fiat reference hourly,
 * the crypto ticker every run) for the USD value of every currency a direction uses, so a direction
 * switched to the feed is priced from the stored market price in the request that switches it
 * (rather than staying paused until the next run); a market source (EXMO, the central bank) is
 * asked only while a direction's market price names it. It writes only what changed. A provider
 * that fails, times out or refuses is logged and skipped, never failing the others: its prices age,
 * and the directions using them pause once stale. Every run records how many directions are paused
 * for a stale price.
 */
export async function refreshFeedPrices(
  now = new Date(),
  config: ProviderConfig = providerConfigFromEnv(),
  table?: RatesTable,
): Promise<FeedRun> {
  table ??= await readRatesTable();
  const run: FeedRun = {
    changed: [],
    confirmed: [],
    writes: 0,
    called: [],
    skipped: [],
    failures: [],
    pausedStale: 0,
  };
  const stored = new Map<string, StoredPrice>(
    [...table.feed, ...table.sourcePrices].map((price) => [nameOf(price), price]),
  );
  if (table.directions.length > 0) {
    const wanted = [
      ...new Set(
        table.directions.flatMap((direction) => [
          currencyOfAsset(direction.assetFrom),
          currencyOfAsset(direction.assetTo),
        ]),
      ),
    ];
    const named = new Set(table.directions.flatMap((direction) => direction.marketPrice.sources));
    const due = RATE_PROVIDERS.filter(
      (provider) => wanted.some(provider.prices) && (!provider.source || named.has(provider.source)),
    );
    const answers = await callDueProviders(table, due, config, now, run);
    const writes: Array<{ price: StoredPrice; previous?: number | null }> = [];
    for (const { source, answer } of answers) {
      for (const code of wanted) {
        const answered = answer.prices.get(code);
        if (answered === undefined) continue;
        const asOf = answered.asOf.toISOString();
        const price: StoredPrice = source
          ? { source, code, perUsdt: answered.value, asOf }
          : { code, usdValue: answered.value, asOf, provider: answer.provider };
        const name = nameOf(price);
        const before = stored.get(name);
        if (!before || priceValue(before) !== answered.value) {
          writes.push({ price, previous: before ? priceValue(before) : null });
          run.changed.push(name);
        } else if (Math.abs(Date.parse(asOf) - Date.parse(before.asOf)) >= FEED_CONFIRM_MINUTES * MINUTE) {
          writes.push({ price });
          run.confirmed.push(name);
        } else {
          continue;
        }
        stored.set(name, price);
      }
    }
    if (run.failures.length > 0) logger.warn('rates feed: providers failed', { failures: run.failures });
    run.writes = writes.length > 0 ? await putFeedPrices(writes, now.toISOString()) : 0;
  }
  run.pausedStale = pausedStale(table, stored, now);
  gaugeMetric('DirectionsPausedStale', run.pausedStale);
  return run;
}

/**
 * Calls, at once, each provider due whose `notBefore` has passed, claiming each call first (so
 * overlapping runs call a provider once). Whatever goes wrong with one provider (the claim, the
 * call, its answer) is that provider's failure only.
 */
async function callDueProviders(
  table: RatesTable,
  due: typeof RATE_PROVIDERS,
  config: ProviderConfig,
  now: Date,
  run: FeedRun,
): Promise<Array<{ source: (typeof RATE_PROVIDERS)[number]['source']; answer: ProviderAnswer }>> {
  const calls = new Map(table.providerCalls.map((call) => [call.provider, call]));
  const at = now.toISOString();
  const callable = due.filter((provider) => {
    const notBefore = calls.get(provider.name)?.notBefore;
    if (notBefore === undefined || notBefore <= at) return true;
    run.skipped.push(provider.name);
    return false;
  });
  const answers = await Promise.all(
    callable.map(async (provider) => {
      const terms = PROVIDER_TERMS[provider.name];
      const next = (ms: number) => new Date(now.getTime() + ms).toISOString();
      try {
        if (!(await claimProviderCall(provider.name, at, next(terms.callEverySeconds * 1000)))) {
          run.skipped.push(provider.name);
          return null;
        }
        run.called.push(provider.name);
        return { source: provider.source, answer: await provider.fetch(config, now) };
      } catch (error) {
        run.failures.push(
          error instanceof ProviderFailed ? error.message : `${provider.name}: ${String(error)}`,
        );
        if (error instanceof ProviderFailed && error.throttledForMs !== undefined) {
          // A 429: the provider's Retry-After (else how long it is known to refuse) on top of the interval.
          const backoffMs = error.throttledForMs ?? terms.throttledSeconds * 1000;
          await deferProviderCall(provider.name, at, next(terms.callEverySeconds * 1000 + backoffMs)).catch(
            (deferError: unknown) =>
              run.failures.push(`${provider.name}: back-off not recorded (${String(deferError)})`),
          );
        }
        return null;
      }
    }),
  );
  return answers.filter((answer) => answer !== null);
}

/** Active feed directions that pricing at `now` pauses for a stale price (the rule of quote.ts). */
function pausedStale(table: RatesTable, stored: Map<string, StoredPrice>, now: Date): number {
  const prices = [...stored.values()];
  const feed = new Map(
    prices
      .filter((price): price is FeedPriceRecord => !('source' in price))
      .map((price) => [price.code, price]),
  );
  const sourcePrices = prices.filter((price): price is SourcePriceRecord => 'source' in price);
  return table.directions.filter((direction) => {
    if (direction.source !== 'feed' || !direction.isActive) return false;
    const sides = sidesOf(direction, {
      feedFrom: feed.get(currencyOfAsset(direction.assetFrom)),
      feedTo: feed.get(currencyOfAsset(direction.assetTo)),
      sourcePrices,
    });
    return priceDirection(direction, sides, now).pausedReason === 'stale';
  }).length;
}
