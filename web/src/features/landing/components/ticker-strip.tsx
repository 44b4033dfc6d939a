import type { Language } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import type { TickerCoin } from '../api/market-data';
import { changeTone, formatChange, formatUsd } from '../lib/ticker';

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
 * The scrolling strip of the coins against USD. A chunk of its own: it shows only once prices have
 * arrived after hydration, so its code and number formatting stay out of the landing route's
 * initial JavaScript (docs/architecture.md §13).
 */
export default function TickerStrip({ coins }: { coins: TickerCoin[] }) {
  const { t, language } = useTranslation('common');
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
