import type { Report } from '@shared/contract/reports';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '../components/data-table';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { pointLabel } from './report-format';
import { ReportPanel } from './report-panel';

// The chart library loads with the chart, not with the admin area (docs/decisions.md: uPlot).
const SeriesChart = lazy(() => import('./series-chart'));

/** Turnover and profit in the reporting currency over the period: a chart, or the same figures as a table. */
export function SeriesPanel({ series, currency }: { series: Report['series']; currency: string }) {
  const { t, language } = useTranslation('admin');
  const [asTable, setAsTable] = useState(false);
  const byMonth = series[0]?.period.length === 7;
  return (
    <ReportPanel
      id="report-series"
      className="report-series"
      title={t(byMonth ? 'reports.series.titleMonths' : 'reports.series.titleDays', { currency })}
      action={
        <Button variant="secondary" size="sm" onClick={() => setAsTable((shown) => !shown)}>
          {t(asTable ? 'reports.series.showChart' : 'reports.series.showTable')}
        </Button>
      }
    >
      {asTable ? (
        <DataTable
          className="data-table"
          items={series}
          caption={t('reports.series.caption', { currency })}
          columns={[t('reports.series.period'), t('reports.series.turnover'), t('reports.series.profit')]}
        >
          {(point) => (
            <tr key={point.period}>
              <th scope="row">{pointLabel(point.period, language)}</th>
              <td className="num">{formatLedgerAmount(point.turnover, currency, language)}</td>
              <td className="num">{formatLedgerAmount(point.profit, currency, language)}</td>
            </tr>
          )}
        </DataTable>
      ) : (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <SeriesChart series={series} currency={currency} />
        </Suspense>
      )}
    </ReportPanel>
  );
}
