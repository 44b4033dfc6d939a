import type { Language } from '@shared/enums';
import { TICKER_REFRESH_MS } from '@web/config/entry-values';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { fetchTickerCoins, type TickerCoin } from '../api/market-data';
import { changeTone, formatChange, formatUsd } from '../lib/ticker';

/** Polls our ticker endpoint every 60 s; a failure is only logged and empties the strip. */
export function useTickerCoins(): TickerCoin[] {
  const [coins, setCoins] = useState<TickerCoin[]>([]);
  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const load = async () => {
      try {
        const next = await fetchTickerCoins(controller.signal);
        if (active) setCoins(next);
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

export function TickerItem({ coin, language }: { coin: TickerCoin; language: Language }) {
  const tone = changeTone(coin.change24h);
  return (
    <li className="ticker__item">
      <span className="ticker__symbol">{coin.symbol}</span>
      <span className="ticker__price">{formatUsd(coin.price, language)}</span>
      <span className={`ticker__change ticker__change--${tone}`} data-tone={tone}>
        <span aria-hidden="true">{tone === 'up' ? '▲' : tone === 'down' ? '▼' : '•'}</span>
        {formatChange(coin.change24h, language)}
      </span>
    </li>
  );
}

/**
 * The scrolling strip of the nine coins against USD. While there is nothing to show (loading, the
 * API failed) an empty strip of the same fixed height holds its place, so nothing below moves.
 */
export function PriceTicker({ coins }: { coins: TickerCoin[] }) {
  const { t, language } = useTranslation('common');
  if (coins.length === 0) return <div className="ticker ticker--empty" aria-hidden="true" />;
  return (
    <section className="ticker" aria-label={t('landing.ticker.label')}>
      <div className="ticker__viewport">
        <div className="ticker__track">
          <ul className="ticker__list">
            {coins.map((coin) => (
              <TickerItem key={coin.id} coin={coin} language={language} />
            ))}
          </ul>
          {/* A second copy makes the loop seamless; screen readers read the list once. */}
          <ul className="ticker__list" aria-hidden="true">
            {coins.map((coin) => (
              <TickerItem key={coin.id} coin={coin} language={language} />
            ))}
          </ul>
        </div>
      </div>
    </section>
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
