import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../../../shared/constants';
import type { PublicUser } from '../../../../../shared/contract/users';
import type { SortOrder } from '../../../../../shared/paging';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { useTranslation } from '../../../lib/i18n';
import { adminApi, type UsersQuery } from '../api/admin-api';
import { InlineLoading, LoadError } from '../components/load-state';
import { OpenRow } from '../components/open-row';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SortHeader } from '../components/sort-header';
import { pageNumber, useQueryParams } from '../hooks/use-query-params';
import { useResource } from '../hooks/use-resource';
import { formatDate } from '../lib/format';
import { UserActions } from './user-actions';
import { UserDetailModal } from './user-detail-modal';
import { UserEditModal } from './user-edit-modal';
import { UsersFilters } from './users-filters';

type SortField = UsersQuery['sortBy'];
const DEFAULTS = {
  page: '1',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  search: '',
  role: '',
  isActive: '',
  emailVerified: '',
};

/** User management (spec §2): filters, search, sorting, paging by 10, actions, detail and edit. */
export function UsersPage() {
  const { t, language } = useTranslation('admin');
  const { values, update } = useQueryParams(DEFAULTS);
  const query: UsersQuery = {
    page: pageNumber(values.page),
    limit: ADMIN_PAGE_SIZE,
    sortBy: values.sortBy as SortField,
    sortOrder: values.sortOrder as SortOrder,
    search: values.search,
    role: values.role as UsersQuery['role'],
    isActive: values.isActive as UsersQuery['isActive'],
    emailVerified: values.emailVerified as UsersQuery['emailVerified'],
  };
  const users = useResource((signal) => adminApi.users(query, signal), [JSON.stringify(query)]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PublicUser | null>(null);

  const replaceUser = (user: PublicUser) =>
    users.setData((page) =>
      page
        ? { ...page, items: page.items.map((item) => (item.id === user.id ? { ...item, ...user } : item)) }
        : page,
    );

  const sort = (field: SortField, order: SortOrder) => update({ sortBy: field, sortOrder: order });
  const page = users.data;

  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('users.title')} />
      <UsersFilters values={values} onChange={update} />
      {users.error ? (
        <LoadError title={t('users.loadError')} error={users.error} onRetry={users.reload} />
      ) : !page ? (
        <InlineLoading />
      ) : (
        <>
          {page.partial && <Alert tone="info">{t('users.partial')}</Alert>}
          <div className="table-scroll" aria-busy={users.loading}>
            <table className="data-table">
              <caption className="visually-hidden">{t('users.caption')}</caption>
              <thead>
                <tr>
                  <SortHeader
                    field="email"
                    label={t('users.columns.user')}
                    sortBy={query.sortBy}
                    sortOrder={query.sortOrder}
                    onSort={sort}
                  />
                  <th scope="col">{t('users.columns.role')}</th>
                  <th scope="col" className="num">
                    {t('users.columns.referrals')}
                  </th>
                  <th scope="col" className="num">
                    {t('users.columns.completed')}
                  </th>
                  <th scope="col">{t('users.columns.note')}</th>
                  <SortHeader
                    field="createdAt"
                    label={t('users.columns.registered')}
                    sortBy={query.sortBy}
                    sortOrder={query.sortOrder}
                    onSort={sort}
                  />
                  <th scope="col">{t('users.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.length === 0 && (
                  <tr>
                    <td colSpan={7} className="data-table__empty">
                      {t('users.empty')}
                    </td>
                  </tr>
                )}
                {page.items.map((user) => (
                  <OpenRow
                    key={user.id}
                    onOpen={() => setDetailId(user.id)}
                    className={user.isActive ? '' : 'is-inactive'}
                  >
                    <td>
                      <div className="cell-user">
                        <span className="cell-user__name">{user.username ?? t('users.noUsername')}</span>
                        <span className="cell-user__email" title={user.email}>
                          {user.email}
                        </span>
                        <span className="cell-user__flags">
                          {!user.isActive && <Badge tone="danger">{t('users.status.inactive')}</Badge>}
                          {!user.emailVerified && (
                            <Badge tone="warning">{t('users.emailVerified.short')}</Badge>
                          )}
                        </span>
                      </div>
                    </td>
                    <td>
                      <Badge tone={user.role === 'USER' ? 'neutral' : 'info'}>
                        {t(`roles.${user.role}`)}
                      </Badge>
                    </td>
                    <td className="num">{user.referralCount}</td>
                    <td className="num">{user.applicationCount}</td>
                    <td className="cell-note" title={user.adminComment ?? undefined}>
                      {user.adminComment ?? ''}
                    </td>
                    <td className="nowrap">{formatDate(user.createdAt, language)}</td>
                    <td>
                      <UserActions
                        user={user}
                        onDetail={() => setDetailId(user.id)}
                        onEdit={() => setEditing(user)}
                        onChanged={replaceUser}
                      />
                    </td>
                  </OpenRow>
                ))}
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
      {detailId && (
        <UserDetailModal
          userId={detailId}
          onClose={() => setDetailId(null)}
          onEdit={(user) => {
            setDetailId(null);
            setEditing(user);
          }}
        />
      )}
      {editing && (
        <UserEditModal
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(user) => {
            replaceUser(user);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
