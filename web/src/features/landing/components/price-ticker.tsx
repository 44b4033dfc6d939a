import { TICKER_REFRESH_MS } from '@web/config/entry-values';
import { useResource } from '@web/lib/use-resource';
import { lazy, Suspense, useEffect } from 'react';
import { fetchTickerCoins, type TickerCoin } from '../api/market-data';

const loadTickerStrip = () => import('./ticker-strip');
const TickerStrip = lazy(loadTickerStrip);

/** Polls our ticker endpoint every 60 s; a failure is only logged and empties the strip. */
export function useTickerCoins(): TickerCoin[] {
  // Prices are not urgent: their render yields to the browser (the page may be hydrating).
  const ticker = useResource(loadCoins, [], { transition: true });
  const { reload } = ticker;
  useEffect(() => {
    // The strip's code downloads beside the first prices, so it is there when they arrive.
    void loadTickerStrip();
    const timer = setInterval(reload, TICKER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return ticker.data ?? NO_COINS;
}

const NO_COINS: TickerCoin[] = [];

/** The coins, or none when the API failed: a failure empties the strip until the next answer. */
async function loadCoins(signal: AbortSignal): Promise<TickerCoin[]> {
  try {
    return await fetchTickerCoins(signal);
  } catch (error) {
    if (!signal.aborted) console.warn('Price ticker unavailable:', error);
    return NO_COINS;
  }
}

/**
 * The ticker's place: while there is nothing to show (loading, the API failed) or the strip's code
 * is still arriving, an empty strip of the same fixed height holds it, so nothing below moves.
 */
export function PriceTicker({ coins }: { coins: TickerCoin[] }) {
  const empty = <div className="ticker ticker--empty" aria-hidden="true" />;
  if (coins.length === 0) return empty;
  return (
    <Suspense fallback={empty}>
      <TickerStrip coins={coins} />
    </Suspense>
  );
}

/**
 * The ticker with its own polling: its updates re-render this component only, never the landing
 * page around it, whose lazy sections may still be hydrating (an update reaching them first would
 * make React throw their server HTML away and render them anew).
 */
export function LivePriceTicker() {
  return <PriceTicker coins={useTickerCoins()} />;
}
