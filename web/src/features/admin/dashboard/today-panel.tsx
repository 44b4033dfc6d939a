import type { DashboardToday } from '@shared/contract/reports';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { adminHref } from '../lib/admin-paths';
import { formatNumber } from '../lib/format';
import { formatDay } from '../reports/report-format';

/**
 * The business day so far (docs/product.md "Reports"): turnover, profit (ADMIN and above; the
 * server sends none to a MANAGER), the deals waiting for money and for their payout, the USDT on
 * the review list, the reader's own completions and a seven-day sparkline with its table.
 */
export function TodayPanel() {
  const { t, language } = useTranslation('admin');
  const today = useResource((signal) => adminApi.today(signal), []);
  return (
    <section className="card dashboard__panel today" aria-labelledby="today-title">
      <Loaded resource={today} errorTitle={t('dashboard.today.loadError')}>
        {(data) => {
          const money = (amount: string, currency: string) => formatLedgerAmount(amount, currency, language);
          return (
            <>
              <div className="dashboard__panel-head">
                <h2 id="today-title" className="panel-title">
                  {t('dashboard.today.title', { day: formatDay(data.day, language) })}
                </h2>
                <span className="muted">{t('dashboard.today.timeZone', { zone: data.timeZone })}</span>
              </div>
              <ul className="kpi-grid" aria-label={t('dashboard.today.label')}>
                <MoneyCard
                  name="turnover"
                  label={t('dashboard.today.turnover')}
                  figure={data.turnover}
                  currency={data.reportingCurrency}
                />
                {data.profit && (
                  <MoneyCard
                    name="profit"
                    label={t('dashboard.today.profit')}
                    figure={data.profit}
                    currency={data.reportingCurrency}
                  />
                )}
                <Count name="completed" value={data.completed} />
                <Count
                  name="waitingPayment"
                  value={data.waitingPayment}
                  to={adminHref('applications', { status: 'WAITING_PAYMENT' })}
                />
                <Count name="awaitingPayout" value={data.awaitingPayout} />
                <li className="kpi kpi--review">
                  <span className="kpi__label">{t('dashboard.today.review')}</span>
                  <span className="kpi__value kpi__value--money">{money(data.review.amount, 'USDT')}</span>
                  <Link className="kpi__note" to={adminHref('payments')}>
                    {t(data.review.more ? 'dashboard.today.reviewMore' : 'dashboard.today.reviewCount', {
                      count: data.review.transfers,
                    })}
                  </Link>
                </li>
              </ul>
              <p className="today__own">
                {t('dashboard.today.own', {
                  count: data.own.completed,
                  turnover: money(data.own.turnover, data.reportingCurrency),
                })}
              </p>
              <Sparkline week={data.week} currency={data.reportingCurrency} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

function MoneyCard({
  name,
  label,
  figure,
  currency,
}: {
  name: string;
  label: string;
  figure: NonNullable<DashboardToday['profit']>;
  currency: string;
}) {
  const { language } = useTranslation('admin');
  return (
    <li className={`kpi kpi--${name}`}>
      <span className="kpi__label">{label}</span>
      <span className="kpi__value kpi__value--money">
        {formatLedgerAmount(figure.reporting, currency, language)}
      </span>
      {figure.byCurrency.length > 0 && (
        <span className="kpi__note">
          {figure.byCurrency
            .map((part) => formatLedgerAmount(part.amount, part.currency, language))
            .join(' · ')}
        </span>
      )}
    </li>
  );
}

function Count({ name, value, to }: { name: string; value: number; to?: string }) {
  const { t, language } = useTranslation('admin');
  const shown = formatNumber(value, language, 0);
  return (
    <li className={`kpi kpi--${name}`}>
      <span className="kpi__label">{t(`dashboard.today.${name}`)}</span>
      <span className="kpi__value">{to ? <Link to={to}>{shown}</Link> : shown}</span>
    </li>
  );
}

const WIDTH = 280;
const HEIGHT = 48;

/** Seven days' turnover (and profit, when given) as lines; the figures in a visually hidden table. */
function Sparkline({ week, currency }: { week: DashboardToday['week']; currency: string }) {
  const { t, language } = useTranslation('admin');
  const withProfit = week.some((point) => point.profit !== null);
  // Pixels only: the figures themselves are shown from their exact text.
  const values = week.flatMap((point) => [Number(point.turnover), Number(point.profit ?? 0)]);
  const top = Math.max(1, ...values);
  const x = (index: number) => (index / Math.max(1, week.length - 1)) * (WIDTH - 4) + 2;
  const y = (value: number) => HEIGHT - 2 - (Math.max(0, value) / top) * (HEIGHT - 4);
  const line = (read: (point: DashboardToday['week'][number]) => string | null) =>
    week
      .map(
        (point, index) =>
          `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(Number(read(point) ?? 0)).toFixed(1)}`,
      )
      .join('');
  return (
    <figure className="sparkline">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="sparkline__svg"
        role="img"
        aria-label={t('dashboard.today.weekSummary')}
        preserveAspectRatio="none"
      >
        <path d={line((point) => point.turnover)} className="sparkline__line sparkline__line--turnover" />
        {withProfit && (
          <path d={line((point) => point.profit)} className="sparkline__line sparkline__line--profit" />
        )}
      </svg>
      <figcaption className="activity__legend">
        <span className="activity__key sparkline__key--turnover">{t('dashboard.today.turnover')}</span>
        {withProfit && (
          <span className="activity__key sparkline__key--profit">{t('dashboard.today.profit')}</span>
        )}
      </figcaption>
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.today.week')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.activity.date')}</th>
              <th scope="col">{t('dashboard.today.turnover')}</th>
              {withProfit && <th scope="col">{t('dashboard.today.profit')}</th>}
            </tr>
          </thead>
          <tbody>
            {week.map((point) => (
              <tr key={point.day}>
                <th scope="row">{formatDay(point.day, language)}</th>
                <td>{formatLedgerAmount(point.turnover, currency, language)}</td>
                {withProfit && <td>{formatLedgerAmount(point.profit ?? '0', currency, language)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
