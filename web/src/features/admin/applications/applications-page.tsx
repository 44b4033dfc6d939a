import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { AdminApplicationView, AdminSearchMatch, ExpiredQuote } from '@shared/contract/applications';
import type { StaffSettableStatus } from '@shared/enums';
import { shortId } from '@shared/ids';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { useLiveNotices, usePollWhileNotLive } from '@web/lib/live/use-live-notices';
import { useEffect } from 'react';
import { adminApi } from '../api/admin-api';
import { EyeIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { ListTable } from '../components/list-table';
import { Loaded } from '../components/load-state';
import { OpenRow } from '../components/open-row';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { SortHeader } from '../components/sort-header';
import { useStaff } from '../components/staff-context';
import { statusLabel } from '../components/status-badge';
import { useListPage } from '../hooks/use-list-page';
import { formatDate, formatTime } from '../lib/format';
import { notify } from '../lib/notify';
import { ADMIN_POLL_MS, APPLICATION_NOTICES, rememberAssignees } from '../live/admin-live';
import { AmountCell } from './amount-cell';
import { ApplicationDetailModal } from './application-detail-modal';
import { ApplicationsFilters } from './applications-filters';
import { expiredQuoteOf } from './expired-quote';
import { StatusSelect } from './status-select';
import './applications.css';

const FILTERS = { search: '', status: '', userId: '', open_id: '' };

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

/** The empty state of a search: what the text was read as (id prefix, currency, places, email or Telegram, amount), in words. */
function searchEmptyText(
  t: (key: string, options?: Record<string, unknown>) => string,
  matched: AdminSearchMatch,
  search: string,
  window: number | null,
  placeName: (key: string) => string,
): string {
  const readings = [
    matched.idPrefix ? t('applications.searchMatched.id', { prefix: matched.idPrefix }) : null,
    matched.currency ? t('applications.searchMatched.currency', { code: matched.currency }) : null,
    matched.places.length > 0
      ? t('applications.searchMatched.places', { names: matched.places.map(placeName).join(', ') })
      : null,
    matched.contact ? t('applications.searchMatched.contact', { text: matched.contact }) : null,
    matched.amount ? t('applications.searchMatched.amount', { amount: matched.amount }) : null,
  ].filter((reading): reading is string => reading !== null);
  if (readings.length === 0) return t('applications.searchMatched.nothing', { search });
  return t(window ? 'applications.searchMatched.emptyInWindow' : 'applications.searchMatched.empty', {
    what: readings.join(t('applications.searchMatched.or')),
    count: window ?? 0,
  });
}

/**
 * Application management (docs/product.md §2): search, status and user filters, sorting, paging by 10, a
 * status dropdown per row and the detail modal (double-click, long press, Enter, or `?open_id=`).
 */
export function ApplicationsPage() {
  const { t, language } = useTranslation('admin');
  const { values, update, list, sorting, paging } = useListPage(
    FILTERS,
    ({ search, status, userId }) => ({ search, status, userId }),
    adminApi.applications,
  );
  const placeName = usePlaceNames(language);
  const staff = useStaff();

  // Live: a new application reads the page again, as does a change to one shown on it or, with a
  // status filter, to any (it may enter or leave the filter). Polled only while reconnecting.
  const liveState = useLiveNotices({ types: APPLICATION_NOTICES }, (notice) => {
    const shown = list.data?.items.some((item) => item.id === notice.id) ?? false;
    if (notice.type === 'application.created' || shown || values.status) list.reload();
  });
  usePollWhileNotLive(liveState, list.reload, ADMIN_POLL_MS, { pollWhenOff: false });
  useEffect(() => {
    if (list.data) rememberAssignees(list.data.items);
  }, [list.data]);

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

  /** Sends a status change; answers the figures of an expired quote the server wants accepted first. */
  const changeStatus = async (
    row: AdminApplicationView,
    status: StaffSettableStatus,
    rejectionReason?: string,
    acceptExpiredQuote?: true,
  ): Promise<ExpiredQuote | null> => {
    try {
      const answer = await adminApi.changeStatus(row.id, {
        status,
        expectedStatus: row.status,
        ...(rejectionReason ? { rejectionReason } : {}),
        ...(acceptExpiredQuote ? { acceptExpiredQuote } : {}),
      });
      replaceRow(answer.data);
      notify.success(t('applications.statusChanged', { status: statusLabel(t, status) }));
      return null;
    } catch (error) {
      // Completing after the quote's lock ended: the select asks staff to confirm with both amounts.
      const expired = expiredQuoteOf(error);
      if (expired) return expired;
      // An illegal transition or a change by someone else: say why and show the current state.
      notify.failure(error, t('common.updateFailed'));
      await reloadRow(row.id);
      return null;
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

  const userLabel = values.userId ? (list.data?.items[0]?.user?.email ?? null) : null;

  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('applications.title')}>
        <Button variant="secondary" size="sm" onClick={list.reload} loading={list.loading && !!list.data}>
          {t('common.refresh')}
        </Button>
      </PageHeader>
      <ApplicationsFilters values={values} userLabel={userLabel} onChange={update} findUser={findUser} />
      <Loaded resource={list} errorTitle={t('applications.loadError')}>
        {(page) => (
          <>
            {page.window ? (
              <Alert tone="info">{t('applications.windowNote', { count: page.window })}</Alert>
            ) : null}
            <ListTable
              page={page}
              paging={paging}
              className="data-table data-table--applications"
              caption={t('applications.caption')}
              busy={list.loading}
              emptyText={
                page.matched
                  ? searchEmptyText(t, page.matched, values.search, page.window ?? null, placeName)
                  : t('applications.empty')
              }
              columns={[
                t('applications.columns.id'),
                t('applications.columns.user'),
                t('applications.columns.telegram'),
                <SortHeader
                  key="createdAt"
                  field="createdAt"
                  label={t('applications.columns.created')}
                  {...sorting}
                />,
                t('applications.columns.details'),
                <SortHeader
                  key="amountFrom"
                  field="amountFrom"
                  label={t('applications.columns.gives')}
                  {...sorting}
                />,
                t('applications.columns.receives'),
                <SortHeader
                  key="status"
                  field="status"
                  label={t('applications.columns.status')}
                  {...sorting}
                />,
                t('applications.columns.assigned'),
                <th key="actions" scope="col">
                  <span className="visually-hidden">{t('applications.columns.actions')}</span>
                </th>,
              ]}
            >
              {(row) => {
                const label = shortId(row.id, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
                return (
                  <OpenRow key={row.id} onOpen={() => update({ open_id: row.id })}>
                    <td className="mono nowrap" title={row.id}>
                      {label}
                      {row.unreadMessages > 0 && (
                        <>
                          {' '}
                          <Badge tone="info">
                            <span aria-hidden="true">✉ {row.unreadMessages}</span>
                            <span className="visually-hidden">
                              {t('applications.unreadMessages', { count: row.unreadMessages })}
                            </span>
                          </Badge>
                        </>
                      )}
                    </td>
                    <td className="truncate" title={row.user?.email}>
                      {row.user?.email ?? '—'}
                    </td>
                    <td className="truncate" title={row.contactData.telegram}>
                      {row.contactData.telegram}
                    </td>
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
                        own={row.userId === staff.id}
                        onChange={(status, reason, accept) => changeStatus(row, status, reason, accept)}
                        amounts={row}
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
              }}
            </ListTable>
          </>
        )}
      </Loaded>
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
