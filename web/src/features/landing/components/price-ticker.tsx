import { TICKER_REFRESH_MS } from '@web/config/entry-values';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { fetchTickerCoins, type TickerCoin } from '../api/market-data';

const loadTickerStrip = () => import('./ticker-strip');
const TickerStrip = lazy(loadTickerStrip);

/**
 * Polls our ticker endpoint every 60 s; a failure is only logged and empties the strip. Its own
 * effect rather than the screens' useResource (web/src/lib/use-resource.ts): it is the only read in
 * the landing page's initial JavaScript, which is at its budget, and the shared hook would add a
 * chunk of about 420 bytes gzip there.
 */
export function useTickerCoins(): TickerCoin[] {
  const [coins, setCoins] = useState<TickerCoin[]>([]);
  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    // The strip's code downloads beside the first prices, so it is there when they arrive.
    void loadTickerStrip();
    const load = async () => {
      try {
        const next = await fetchTickerCoins(controller.signal);
        // Prices are not urgent: their render yields to the browser (the page may be hydrating).
        if (active) startTransition(() => setCoins(next));
      } catch (error) {
        if (!active) return;
        console.warn('Price ticker unavailable:', error);
        setCoins((current) => (current.length === 0 ? current : []));
      }
    };
    void load();
    const timer = setInterval(load, TICKER_REFRESH_MS);
    return () => {
      active = false;
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  return coins;
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
