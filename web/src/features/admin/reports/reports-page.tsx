import { businessDayOf, zoneName } from '@shared/business-time';
import type { Report } from '@shared/contract/reports';
import { BREAKDOWNS, type Breakdown } from '@shared/reports';
import { Button } from '@web/components/ui/button';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { SelectField, TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useEffect, useState } from 'react';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useQueryParams } from '../hooks/use-query-params';
import { BreakdownTable } from './breakdown-table';
import { ReportExport } from './report-export';
import { ReportFigures } from './report-figures';
import { formatDay } from './report-format';
import { isPeriodKind, PERIOD_KINDS, periodOf } from './report-period';
import { reportsApi } from './reports-api';
import './reports.css';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const isBreakdown = (value: string): value is Breakdown => (BREAKDOWNS as readonly string[]).includes(value);

/** The choice, kept in the URL: the kind of period, its day or its two days, and the breakdown. */
const CHOICE = { period: 'day', day: '', from: '', to: '', by: 'direction' };

/**
 * Analytics and reports (docs/product.md "Reports"), an ADMIN's: a day, a week, a month or two days
 * typed, in the business's calendar, each figure beside the period before's; turnover and profit
 * over time as a chart or a table, the funnel, and a breakdown by direction, city, account, staff
 * member or source. Everything is read from the server's rollups; the page only writes it out.
 */
export function ReportsPage() {
  const { t, language } = useTranslation('admin');
  const { values, update } = useQueryParams(CHOICE);
  const kind = isPeriodKind(values.period) ? values.period : 'day';
  const by = isBreakdown(values.by) ? values.by : 'direction';
  // Today is the business's once an answer names its zone; until then the browser's.
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const today = businessDayOf(new Date(), timeZone ?? browserTimeZone());
  const period = periodOf(kind, values, today);
  const report = useResource(
    (signal) => reportsApi.report({ ...period, breakdown: by }, signal),
    [period.from, period.to, by],
  );
  const answeredZone = report.data?.timeZone;
  useEffect(() => {
    if (answeredZone) setTimeZone(answeredZone);
  }, [answeredZone]);

  return (
    <section className="admin-page reports-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('reports.title')}>
        <Button
          variant="secondary"
          size="sm"
          onClick={report.reload}
          loading={report.loading && !!report.data}
        >
          {t('common.refresh')}
        </Button>
      </PageHeader>
      <p className="muted admin-page__lead">{t('reports.intro')}</p>
      <div className="card reports-controls">
        <ChoiceButtons
          className="segmented"
          legend={t('reports.period.label')}
          options={PERIOD_KINDS.map((value) => ({ value, label: t(`reports.period.${value}`) }))}
          value={kind}
          onChange={(value) => update({ period: value })}
        />
        {kind === 'custom' ? (
          <>
            <TextField
              type="date"
              label={t('reports.period.from')}
              value={values.from || period.from}
              max={today}
              onChange={(event) => update({ from: event.target.value })}
            />
            <TextField
              type="date"
              label={t('reports.period.to')}
              value={values.to || period.to}
              onChange={(event) => update({ to: event.target.value })}
            />
          </>
        ) : (
          <TextField
            type="date"
            label={t(`reports.period.pick.${kind}`)}
            value={values.day || today}
            onChange={(event) => update({ day: event.target.value === today ? '' : event.target.value })}
          />
        )}
        <SelectField
          label={t('reports.breakdown.label')}
          value={by}
          options={BREAKDOWNS.map((value) => ({ value, label: t(`reports.breakdown.by.${value}`) }))}
          onChange={(event) => update({ by: event.target.value })}
        />
      </div>
      <Loaded resource={report} errorTitle={t('reports.loadError')}>
        {(data: Report) => (
          <div className="refreshable" aria-busy={report.loading}>
            <div className="reports-range">
              <p className="muted">
                {t('reports.range', {
                  from: formatDay(data.from, language),
                  to: formatDay(data.to, language),
                  zone: zoneName(new Date(), data.timeZone, language),
                  previousFrom: formatDay(data.previous.from, language),
                  previousTo: formatDay(data.previous.to, language),
                })}
              </p>
              <ReportExport report={data} />
            </div>
            <ReportFigures report={data} />
            {data.breakdown && <BreakdownTable breakdown={data.breakdown} />}
          </div>
        )}
      </Loaded>
    </section>
  );
}
