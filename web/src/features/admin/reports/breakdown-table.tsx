import { assetLabel } from '@shared/assets';
import type { Report } from '@shared/contract/reports';
import type { Language } from '@shared/enums';
import { sourceParts } from '@shared/reports';
import { useTranslation } from '@web/lib/i18n';
import { DataTable } from '../components/data-table';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { formatNumber } from '../lib/format';
import { formatDuration } from './report-format';
import { ReportPanel } from './report-panel';

type Breakdown = NonNullable<Report['breakdown']>;
type Row = Breakdown['rows'][number];

/** A row's name: the server's (a city, an account, a staff member), else what its value spells. */
export function useBreakdownRowName() {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  return (by: Breakdown['by'], row: Row): string => {
    if (row.label) return row.label[language];
    if (row.value === 'none') return t('reports.breakdown.none');
    if (by === 'direction') {
      if (row.value === 'individual') return t('reports.breakdown.individual');
      const [from, to] = row.value.split('>');
      return `${assetLabel(from!, kinds)} → ${assetLabel(to!, kinds)}`;
    }
    if (by === 'source') {
      const { kind, detail } = sourceParts(row.value);
      return detail ? `${t(`reports.sources.${kind}`)}: ${detail}` : t(`reports.sources.${kind}`);
    }
    return row.value;
  };
}

const duration = (times: Row['figures']['times']['toTake'], language: Language) =>
  `${formatDuration(times.median, language)} / ${formatDuration(times.p90, language)}`;

/**
 * The period's figures per direction, city, account, staff member or source, the largest turnover
 * first: clicks (by source), deals created (by direction, city and source) and completed, turnover and profit in the reporting currency, the average
 * ticket; for staff also their times to take and to pay out (median / 90th percentile).
 */
export function BreakdownTable({ breakdown }: { breakdown: Breakdown }) {
  const { t, language } = useTranslation('admin');
  const nameOf = useBreakdownRowName();
  const staff = breakdown.by === 'staff';
  // The funnel counts by the deal (its direction, city, source), not by who or where it was paid.
  const funnel = breakdown.by !== 'staff' && breakdown.by !== 'account';
  // Clicks are counted by source alone: a visit names no direction, city or staff member yet.
  const clicks = breakdown.by === 'source';
  const currency = breakdown.rows[0]?.figures.reporting.currency ?? '';
  return (
    <ReportPanel
      id="report-breakdown"
      title={t('reports.breakdown.title', { by: t(`reports.breakdown.by.${breakdown.by}`) })}
    >
      <DataTable
        className="data-table report-breakdown"
        items={breakdown.rows}
        emptyText={t('reports.breakdown.empty')}
        columns={[
          t(`reports.breakdown.by.${breakdown.by}`),
          ...(clicks ? [t('reports.breakdown.clicks')] : []),
          ...(funnel ? [t('reports.breakdown.created')] : []),
          t('reports.breakdown.completed'),
          t('reports.breakdown.turnover', { currency }),
          t('reports.breakdown.profit', { currency }),
          t('reports.breakdown.averageTicket'),
          ...(staff ? [t('reports.breakdown.toTake'), t('reports.breakdown.toPayout')] : []),
        ]}
      >
        {(row) => (
          <tr key={row.value}>
            <th scope="row">{nameOf(breakdown.by, row)}</th>
            {clicks && <td className="num">{formatNumber(row.figures.clicks, language, 0)}</td>}
            {funnel && <td className="num">{formatNumber(row.figures.funnel.created, language, 0)}</td>}
            <td className="num">{formatNumber(row.figures.outcomes.completed, language, 0)}</td>
            <td className="num">{formatLedgerAmount(row.figures.reporting.turnover, currency, language)}</td>
            <td className="num">{formatLedgerAmount(row.figures.reporting.profit, currency, language)}</td>
            <td className="num">
              {row.figures.ticket.average === null
                ? '—'
                : formatLedgerAmount(row.figures.ticket.average, 'USDT', language)}
            </td>
            {staff && (
              <>
                <td className="num">{duration(row.figures.times.toTake, language)}</td>
                <td className="num">{duration(row.figures.times.toPayout, language)}</td>
              </>
            )}
          </tr>
        )}
      </DataTable>
    </ReportPanel>
  );
}
