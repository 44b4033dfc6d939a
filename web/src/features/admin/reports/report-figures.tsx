import type { ReportFigures as Figures, Report } from '@shared/contract/reports';
import type { Language } from '@shared/enums';
import { DURATIONS, FUNNEL_STEPS, OUTCOMES } from '@shared/reports';
import { useTranslation } from '@web/lib/i18n';
import { DataTable } from '../components/data-table';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { formatNumber } from '../lib/format';
import { formatChange, formatDuration, shareOf } from './report-format';
import { ReportPanel } from './report-panel';
import { SeriesPanel } from './series-panel';

/** A key figure: its value, and the period before's with the change. */
function Kpi({
  label,
  now,
  before,
  shown,
}: {
  label: string;
  now: string | number;
  before: string | number;
  shown: (value: string | number) => string;
}) {
  const { t, language } = useTranslation('admin');
  const change = formatChange(now, before, language);
  return (
    <li className="kpi report-kpi">
      <span className="kpi__label">{label}</span>
      <span className="kpi__value">{shown(now)}</span>
      <span className="muted report-kpi__before">
        {change
          ? t('reports.kpi.change', { change, before: shown(before) })
          : t('reports.kpi.before', { before: shown(before) })}
      </span>
    </li>
  );
}

const count = (language: Language) => (value: string | number) => formatNumber(Number(value), language, 0);

/** The key figures: turnover and profit in the reporting currency (before and after partners' shares), deals, ticket, clients and clicks. */
function KeyFigures({ now, before }: { now: Figures; before: Figures }) {
  const { t, language } = useTranslation('admin');
  const currency = now.reporting.currency;
  const money = (value: string | number) => formatLedgerAmount(String(value), currency, language);
  const usdt = (value: string | number) => formatLedgerAmount(String(value), 'USDT', language);
  return (
    <ul className="kpi-grid report-kpis" aria-label={t('reports.kpi.label')}>
      <Kpi
        label={t('reports.kpi.turnover', { currency })}
        now={now.reporting.turnover}
        before={before.reporting.turnover}
        shown={money}
      />
      <Kpi
        label={t('reports.kpi.profit', { currency })}
        now={now.reporting.profit}
        before={before.reporting.profit}
        shown={money}
      />
      <Kpi
        label={t('reports.kpi.partnerShares', { currency })}
        now={now.reporting.partnerShares}
        before={before.reporting.partnerShares}
        shown={money}
      />
      <Kpi
        label={t('reports.kpi.profitAfterShares', { currency })}
        now={now.reporting.profitAfterShares}
        before={before.reporting.profitAfterShares}
        shown={money}
      />
      <Kpi
        label={t('reports.kpi.completed')}
        now={now.outcomes.completed}
        before={before.outcomes.completed}
        shown={count(language)}
      />
      <Kpi
        label={t('reports.kpi.averageTicket')}
        now={now.ticket.average ?? '0'}
        before={before.ticket.average ?? '0'}
        shown={usdt}
      />
      <Kpi
        label={t('reports.kpi.medianTicket')}
        now={now.ticket.median ?? '0'}
        before={before.ticket.median ?? '0'}
        shown={usdt}
      />
      <Kpi
        label={t('reports.kpi.newClients')}
        now={now.clients.new}
        before={before.clients.new}
        shown={count(language)}
      />
      <Kpi
        label={t('reports.kpi.returningClients')}
        now={now.clients.returning}
        before={before.clients.returning}
        shown={count(language)}
      />
      <Kpi label={t('reports.kpi.clicks')} now={now.clicks} before={before.clicks} shown={count(language)} />
    </ul>
  );
}

/** Turnover and profit per currency, beside the period before's turnover. */
function Currencies({ now, before }: { now: Figures; before: Figures }) {
  const { t, language } = useTranslation('admin');
  const currencies = [
    ...new Set([...now.turnover, ...before.turnover].map((amount) => amount.currency)),
  ].sort();
  const amountOf = (list: Figures['turnover'], currency: string) =>
    list.find((amount) => amount.currency === currency)?.amount ?? '0';
  return (
    <ReportPanel id="report-currencies" title={t('reports.currencies.title')}>
      <DataTable
        className="data-table"
        items={currencies}
        emptyText={t('reports.currencies.empty')}
        columns={[
          t('reports.currencies.currency'),
          t('reports.currencies.turnover'),
          t('reports.currencies.profit'),
          t('reports.currencies.turnoverBefore'),
        ]}
      >
        {(currency) => (
          <tr key={currency}>
            <th scope="row">{currency}</th>
            <td className="num">
              {formatLedgerAmount(amountOf(now.turnover, currency), currency, language)}
            </td>
            <td className="num">
              {currency === 'USDT'
                ? '—'
                : formatLedgerAmount(amountOf(now.profit, currency), currency, language)}
            </td>
            <td className="num">
              {formatLedgerAmount(amountOf(before.turnover, currency), currency, language)}
            </td>
          </tr>
        )}
      </DataTable>
      <p className="muted report-panel__note">{t('reports.currencies.note')}</p>
      {now.reporting.dealsLeftOut > 0 && (
        <p className="muted report-panel__note">
          {t('reports.leftOut', { count: now.reporting.dealsLeftOut, currency: now.reporting.currency })}
        </p>
      )}
      {now.dealsWithoutProfit > 0 && (
        <p className="muted report-panel__note">
          {t('reports.withoutProfit', { count: now.dealsWithoutProfit })}
        </p>
      )}
    </ReportPanel>
  );
}

/** How the period's deals ended, beside the period before. */
function Outcomes({ now, before }: { now: Figures; before: Figures }) {
  const { t, language } = useTranslation('admin');
  return (
    <ReportPanel id="report-outcomes" title={t('reports.outcomes.title')}>
      <DataTable
        className="data-table"
        items={[...OUTCOMES]}
        columns={[t('reports.outcomes.outcome'), t('reports.outcomes.now'), t('reports.outcomes.before')]}
      >
        {(outcome) => (
          <tr key={outcome}>
            <th scope="row">{t(`reports.outcomes.${outcome}`)}</th>
            <td className="num">{formatNumber(now.outcomes[outcome], language, 0)}</td>
            <td className="num">{formatNumber(before.outcomes[outcome], language, 0)}</td>
          </tr>
        )}
      </DataTable>
    </ReportPanel>
  );
}

/** The deals created in the period, step by step: a bar per step and its numbers (the table is the chart). */
function Funnel({ funnel }: { funnel: Figures['funnel'] }) {
  const { t, language } = useTranslation('admin');
  const created = funnel.created;
  return (
    <ReportPanel id="report-funnel" title={t('reports.funnel.title')}>
      <DataTable
        className="data-table report-funnel"
        items={[...FUNNEL_STEPS]}
        columns={[
          t('reports.funnel.step'),
          t('reports.funnel.deals'),
          t('reports.funnel.ofCreated'),
          t('reports.funnel.lost'),
        ]}
      >
        {(step) => {
          const index = FUNNEL_STEPS.indexOf(step);
          const previous = index === 0 ? null : funnel[FUNNEL_STEPS[index - 1]!];
          return (
            <tr key={step}>
              <th scope="row">
                <span className="report-funnel__step">{t(`reports.funnel.${step}`)}</span>
                <span
                  className="report-funnel__bar"
                  style={{ inlineSize: created === 0 ? 0 : `${(funnel[step] / created) * 100}%` }}
                  aria-hidden="true"
                />
              </th>
              <td className="num">{formatNumber(funnel[step], language, 0)}</td>
              <td className="num">{shareOf(funnel[step], created, language)}</td>
              <td className="num">
                {previous === null ? '—' : formatNumber(previous - funnel[step], language, 0)}
              </td>
            </tr>
          );
        }}
      </DataTable>
    </ReportPanel>
  );
}

/** The staff's speed: how long deals waited to be taken, and from paid to paid out. */
function Times({ now, before }: { now: Figures; before: Figures }) {
  const { t, language } = useTranslation('admin');
  return (
    <ReportPanel id="report-times" title={t('reports.times.title')}>
      <DataTable
        className="data-table"
        items={[...DURATIONS]}
        columns={[
          t('reports.times.what'),
          t('reports.times.median'),
          t('reports.times.p90'),
          t('reports.times.deals'),
          t('reports.times.medianBefore'),
        ]}
      >
        {(name) => (
          <tr key={name}>
            <th scope="row">{t(`reports.times.${name}`)}</th>
            <td className="num">{formatDuration(now.times[name].median, language)}</td>
            <td className="num">{formatDuration(now.times[name].p90, language)}</td>
            <td className="num">{formatNumber(now.times[name].count, language, 0)}</td>
            <td className="num">{formatDuration(before.times[name].median, language)}</td>
          </tr>
        )}
      </DataTable>
      <p className="muted report-panel__note">{t('reports.times.note')}</p>
    </ReportPanel>
  );
}

/** The whole business's figures of the period, each beside the period before's. */
export function ReportFigures({ report }: { report: Report }) {
  const now = report.figures;
  const before = report.previous.figures;
  return (
    <>
      <KeyFigures now={now} before={before} />
      <SeriesPanel series={report.series} currency={now.reporting.currency} />
      <div className="report-columns">
        <Currencies now={now} before={before} />
        <Outcomes now={now} before={before} />
        <Funnel funnel={now.funnel} />
        <Times now={now} before={before} />
      </div>
    </>
  );
}
