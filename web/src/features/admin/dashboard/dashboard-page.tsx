import { canOpenSection } from '@shared/admin-sections';
import { currencyDecimals } from '@shared/assets';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/enums';
import { Alert } from '@web/components/ui/alert';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { MissingDataError } from '@web/lib/api-client';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { DataTable } from '../components/data-table';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { ListPager, pageOf } from '../components/pager';
import { useStaff } from '../components/staff-context';
import { adminHref } from '../lib/admin-paths';
import { formatDate, formatDateTime, formatNumber } from '../lib/format';
import { ReserveState, reservesInOrder } from '../reserves/reserve-state';
import { ActivityChart } from './activity-chart';
import { OnShiftPanel } from './on-shift-panel';
import { SetupChecklist } from './setup-checklist';
import { TodayPanel } from './today-panel';
import './dashboard.css';

const KPIS = ['newApplications', 'inProgress', 'completedApplications', 'newUsers'] as const;
const FUNNEL = ['PENDING', 'PROCESSING', 'COMPLETED'] as const;

/**
 * Dashboard (docs/product.md §2, §3): for an ADMIN of a new install the first-run checklist, then
 * the business day so far (today-panel.tsx), who is on shift (on-shift-panel.tsx), the period switch, KPI cards, funnel, recently completed, the reserves (those below their alert level
 * first), 30-day activity.
 */
export function DashboardPage() {
  const { t, language } = useTranslation('admin');
  const [period, setPeriod] = useState<DashboardPeriod>('day');
  const dashboard = useResource((signal) => adminApi.dashboard(period, signal), [period]);
  const activity = useResource((signal) => adminApi.activityStats(signal), []);

  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('dashboard.title')}>
        <ChoiceButtons
          className="segmented"
          legend={t('dashboard.period.label')}
          options={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`dashboard.period.${value}`) }))}
          value={period}
          onChange={setPeriod}
        />
      </PageHeader>

      <SetupChecklist />

      <TodayPanel />

      <OnShiftPanel />

      {dashboard.error instanceof MissingDataError ? (
        <Alert tone="warning">{t('dashboard.noData')}</Alert>
      ) : (
        <Loaded resource={dashboard} errorTitle={t('dashboard.loadError')}>
          {(data) => (
            <div className="dashboard refreshable" aria-busy={dashboard.loading}>
              <p className="muted dashboard__range">
                {t('dashboard.range', {
                  from: formatDate(data.from, language),
                  to: formatDate(data.to, language),
                })}
              </p>
              <ul className="kpi-grid" aria-label={t('dashboard.kpi.label')}>
                {KPIS.map((kpi) => (
                  <li key={kpi} className={`kpi kpi--${kpi}`}>
                    <span className="kpi__label">{t(`dashboard.kpi.${kpi}`)}</span>
                    <span className="kpi__value">{formatNumber(data.kpi[kpi], language, 0)}</span>
                  </li>
                ))}
              </ul>

              <div className="dashboard__columns">
                <section className="card dashboard__panel" aria-labelledby="funnel-title">
                  <h2 id="funnel-title" className="panel-title">
                    {t('dashboard.funnel.title')}
                  </h2>
                  <Funnel counts={data.funnel} />
                </section>

                <section className="card dashboard__panel" aria-labelledby="recent-title">
                  <h2 id="recent-title" className="panel-title">
                    {t('dashboard.recent.title')}
                  </h2>
                  {data.recentCompleted.length === 0 ? (
                    <p className="muted">{t('dashboard.recent.empty')}</p>
                  ) : (
                    // The shared table: below 768 px its rows become labelled cards, so a phone never scrolls sideways.
                    <DataTable
                      items={data.recentCompleted}
                      columns={[
                        t('dashboard.recent.amount'),
                        t('dashboard.recent.currency'),
                        t('dashboard.recent.user'),
                        t('dashboard.recent.completedAt'),
                      ]}
                    >
                      {(item) => (
                        <tr key={item.id}>
                          <td className="num">
                            <Link to={adminHref('applications', { open_id: item.id })}>
                              {formatNumber(item.amount, language)}
                            </Link>
                          </td>
                          <td>{item.currency ?? '—'}</td>
                          <td className="truncate">{item.user.email ?? '—'}</td>
                          <td className="nowrap">{formatDateTime(item.completedAt, language)}</td>
                        </tr>
                      )}
                    </DataTable>
                  )}
                </section>
              </div>
            </div>
          )}
        </Loaded>
      )}

      <ReservesPanel />

      <section className="card dashboard__panel" aria-labelledby="activity-title">
        <h2 id="activity-title" className="panel-title">
          {t('dashboard.activity.title')}
        </h2>
        {activity.error instanceof MissingDataError ? (
          <p className="muted">{t('dashboard.noData')}</p>
        ) : (
          <Loaded resource={activity} errorTitle={t('dashboard.activity.loadError')}>
            {({ days }) => <ActivityChart days={days} />}
          </Loaded>
        )}
      </section>
    </section>
  );
}

/** Every reserve with its alert level, those below it first and marked; ADMINs get a link to edit them. */
function ReservesPanel() {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const reserves = useResource((signal) => adminApi.reserves(signal), []);
  const [page, setPage] = useState(1);
  return (
    <section className="card dashboard__panel" aria-labelledby="reserves-title">
      <div className="dashboard__panel-head">
        <h2 id="reserves-title" className="panel-title">
          {t('dashboard.reserves.title')}
        </h2>
        {canOpenSection(staff.role, 'reserves') && (
          <Link to={adminHref('reserves')}>{t('dashboard.reserves.edit')}</Link>
        )}
      </div>
      <Loaded resource={reserves} errorTitle={t('dashboard.reserves.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{t('dashboard.reserves.empty')}</p>
          ) : (
            <>
              <DataTable
                items={pageOf(reservesInOrder(list), page)}
                columns={[
                  t('reserves.columns.currency'),
                  t('reserves.columns.amount'),
                  t('reserves.columns.alertLevel'),
                  t('reserves.columns.state'),
                ]}
              >
                {(reserve) => (
                  <tr key={reserve.code} className={reserve.belowAlert ? 'is-below-alert' : undefined}>
                    <th scope="row">{reserve.code}</th>
                    <td className="num nowrap">
                      {formatNumber(reserve.amount, language, currencyDecimals(reserve.code))}
                    </td>
                    <td className="num nowrap">
                      {formatNumber(reserve.alertLevel, language, currencyDecimals(reserve.code))}
                    </td>
                    <td>
                      <ReserveState reserve={reserve} />
                    </td>
                  </tr>
                )}
              </DataTable>
              <ListPager items={list} page={page} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

function Funnel({ counts }: { counts: Record<(typeof FUNNEL)[number], number> }) {
  const { t, language } = useTranslation('admin');
  const widest = Math.max(1, ...FUNNEL.map((stage) => counts[stage]));
  return (
    <ol className="funnel">
      {FUNNEL.map((stage) => (
        <li key={stage} className={`funnel__stage funnel__stage--${stage.toLowerCase()}`}>
          <Link className="funnel__link" to={adminHref('applications', { status: stage })}>
            <span className="funnel__label">{t(`dashboard.funnel.${stage}`)}</span>
            <span className="funnel__count">{formatNumber(counts[stage], language, 0)}</span>
            <span className="funnel__bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, (counts[stage] / widest) * 100)}%` }} />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
