import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH, ADMIN_PAGE_SIZE } from '../../../../../shared/constants';
import type { AdminApplicationView } from '../../../../../shared/contract/applications';
import type { StaffSettableStatus } from '../../../../../shared/enums';
import type { SortOrder } from '../../../../../shared/paging';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { type ApplicationsQuery, adminApi } from '../api/admin-api';
import { EyeIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { InlineLoading, LoadError } from '../components/load-state';
import { OpenRow } from '../components/open-row';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SortHeader } from '../components/sort-header';
import { statusLabel } from '../components/status-badge';
import { useGeoNames } from '../hooks/use-geo-names';
import { pageNumber, useQueryParams } from '../hooks/use-query-params';
import { useResource } from '../hooks/use-resource';
import { formatDate, formatTime, shortId } from '../lib/format';
import { notify } from '../lib/notify';
import { AmountCell } from './amount-cell';
import { ApplicationDetailModal } from './application-detail-modal';
import { ApplicationsFilters } from './applications-filters';
import { StatusSelect } from './status-select';

type SortField = ApplicationsQuery['sortBy'];
const DEFAULTS = {
  page: '1',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  search: '',
  status: '',
  userId: '',
  open_id: '',
};

/** Strips the detail-only fields, so a row can be replaced with what the detail call returned. */
function asRow(application: AdminApplicationView): AdminApplicationView {
  const {
    history: _history,
    audit: _audit,
    ...row
  } = application as AdminApplicationView & {
    history?: unknown;
    audit?: unknown;
  };
  return row;
}

/**
 * Application management (spec §2): search, status and user filters, sorting, paging by 10, a
 * status dropdown per row and the detail modal (double-click, long press, Enter, or `?open_id=`).
 */
export function ApplicationsPage() {
  const { t, language } = useTranslation('admin');
  const { values, update } = useQueryParams(DEFAULTS);
  const query: ApplicationsQuery = {
    page: pageNumber(values.page),
    limit: ADMIN_PAGE_SIZE,
    sortBy: values.sortBy as SortField,
    sortOrder: values.sortOrder as SortOrder,
    search: values.search,
    status: values.status,
    userId: values.userId,
  };
  const list = useResource((signal) => adminApi.applications(query, signal), [JSON.stringify(query)]);
  const placeName = useGeoNames(language);

  const replaceRow = (row: AdminApplicationView) =>
    list.setData((page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === row.id ? asRow(row) : item)) } : page,
    );

  const reloadRow = async (id: string) => {
    try {
      replaceRow(await adminApi.application(id));
    } catch {
      list.reload();
    }
  };

  const changeStatus = async (
    row: AdminApplicationView,
    status: StaffSettableStatus,
    rejectionReason?: string,
  ) => {
    try {
      const answer = await adminApi.changeStatus(row.id, {
        status,
        expectedStatus: row.status,
        ...(rejectionReason ? { rejectionReason } : {}),
      });
      if (answer.data?.id) replaceRow(answer.data);
      else await reloadRow(row.id);
      notify.success(t('applications.statusChanged', { status: statusLabel(t, status) }));
    } catch (error) {
      // An illegal transition or a change by someone else: say why and show the current state.
      notify.error(errorMessage(error, t('common.updateFailed')));
      await reloadRow(row.id);
    }
  };

  const findUser = async (text: string) => {
    const found = await adminApi.users({
      page: 1,
      limit: 5,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: text,
    });
    const wanted = text.toLowerCase();
    const exact = found.items.find(
      (user) => user.email.toLowerCase() === wanted || user.username?.toLowerCase() === wanted,
    );
    return exact?.id ?? (found.items.length === 1 ? found.items[0]!.id : null);
  };

  const sort = (field: SortField, order: SortOrder) => update({ sortBy: field, sortOrder: order });
  const page = list.data;
  const userLabel = values.userId ? (page?.items[0]?.user?.email ?? null) : null;

  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('applications.title')}>
        <Button variant="secondary" size="sm" onClick={list.reload} loading={list.loading && !!page}>
          {t('common.refresh')}
        </Button>
      </PageHeader>
      <ApplicationsFilters values={values} userLabel={userLabel} onChange={update} findUser={findUser} />
      {list.error ? (
        <LoadError title={t('applications.loadError')} error={list.error} onRetry={list.reload} />
      ) : !page ? (
        <InlineLoading />
      ) : (
        <>
          {page.window ? (
            <Alert tone="info">{t('applications.windowNote', { count: page.window })}</Alert>
          ) : null}
          <div className="table-scroll" aria-busy={list.loading}>
            <table className="data-table data-table--applications">
              <caption className="visually-hidden">{t('applications.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('applications.columns.id')}</th>
                  <th scope="col">{t('applications.columns.user')}</th>
                  <th scope="col">{t('applications.columns.telegram')}</th>
                  <SortHeader
                    field="createdAt"
                    label={t('applications.columns.created')}
                    sortBy={query.sortBy}
                    sortOrder={query.sortOrder}
                    onSort={sort}
                  />
                  <th scope="col">{t('applications.columns.details')}</th>
                  <SortHeader
                    field="amountFrom"
                    label={t('applications.columns.gives')}
                    sortBy={query.sortBy}
                    sortOrder={query.sortOrder}
                    onSort={sort}
                  />
                  <th scope="col">{t('applications.columns.receives')}</th>
                  <SortHeader
                    field="status"
                    label={t('applications.columns.status')}
                    sortBy={query.sortBy}
                    sortOrder={query.sortOrder}
                    onSort={sort}
                  />
                  <th scope="col">{t('applications.columns.assigned')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('applications.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.length === 0 && (
                  <tr>
                    <td colSpan={10} className="data-table__empty">
                      {t('applications.empty')}
                    </td>
                  </tr>
                )}
                {page.items.map((row) => {
                  const label = shortId(row.id, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
                  return (
                    <OpenRow key={row.id} onOpen={() => update({ open_id: row.id })}>
                      <td className="mono nowrap" title={row.id}>
                        {label}
                      </td>
                      <td className="truncate" title={row.user?.email}>
                        {row.user?.email ?? '—'}
                      </td>
                      <td className="nowrap">{row.contactData.telegram}</td>
                      <td className="nowrap">
                        <span className="cell-stack">
                          <span>{formatDate(row.createdAt, language)}</span>
                          <span className="muted">{formatTime(row.createdAt, language)}</span>
                        </span>
                      </td>
                      <td className="cell-details">
                        {row.requestType === 'INDIVIDUAL' ? (
                          <span title={row.details ?? undefined}>
                            <span className="cell-details__type">{t('applications.type.INDIVIDUAL')}</span>{' '}
                            {row.details}
                          </span>
                        ) : (
                          <span className="cell-stack">
                            <span>{placeName(row.city)}</span>
                            <span className="muted">{placeName(row.country)}</span>
                          </span>
                        )}
                      </td>
                      <td className="num">
                        <AmountCell amount={row.amountFrom} asset={row.assetFrom} />
                      </td>
                      <td className="num">
                        <AmountCell amount={row.amountTo} asset={row.assetTo} />
                      </td>
                      <td>
                        <StatusSelect
                          applicationId={row.id}
                          status={row.status}
                          onChange={(status, reason) => changeStatus(row, status, reason)}
                        />
                      </td>
                      <td className="truncate">{row.assignedTo ?? <span className="muted">—</span>}</td>
                      <td>
                        <IconButton
                          icon={<EyeIcon />}
                          label={t('applications.openOf', { id: label })}
                          onClick={() => update({ open_id: row.id })}
                        />
                      </td>
                    </OpenRow>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="table-hint muted">{t('common.rowHint')}</p>
          <Pager
            page={query.page}
            totalPages={page.totalPages}
            total={page.total}
            pageSize={ADMIN_PAGE_SIZE}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      )}
      {values.open_id && (
        <ApplicationDetailModal
          applicationId={values.open_id}
          onClose={() => update({ open_id: '' })}
          onChanged={replaceRow}
          onStatus={changeStatus}
        />
      )}
    </section>
  );
}
