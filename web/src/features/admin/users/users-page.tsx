import type { PublicUser } from '@shared/contract/users';
import { invitableRoles } from '@shared/permissions';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { adminApi, type UsersQuery } from '../api/admin-api';
import { ListTable } from '../components/list-table';
import { Loaded } from '../components/load-state';
import { OpenRow } from '../components/open-row';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { SortHeader } from '../components/sort-header';
import { useStaff } from '../components/staff-context';
import { useListPage } from '../hooks/use-list-page';
import { formatDate, formatNumber } from '../lib/format';
import { InviteStaffModal } from './invite-staff-modal';
import { StaffInvitations } from './staff-invitations';
import { UserActions } from './user-actions';
import { UserDetailModal } from './user-detail-modal';
import { UserEditModal } from './user-edit-modal';
import { UsersFilters } from './users-filters';

const FILTERS = { search: '', role: '', isActive: '', emailVerified: '' };

/** User management (docs/product.md §2): filters, search, sorting, paging by 10, actions, detail and edit. */
export function UsersPage() {
  const { t, language } = useTranslation('admin');
  const {
    values,
    update,
    list: users,
    sorting,
    paging,
  } = useListPage(
    FILTERS,
    (filters) => ({
      search: filters.search,
      role: filters.role as UsersQuery['role'],
      isActive: filters.isActive as UsersQuery['isActive'],
      emailVerified: filters.emailVerified as UsersQuery['emailVerified'],
    }),
    adminApi.users,
  );
  // Staff by invitation: an ADMIN and up invites and sees the pending invitations (docs/product.md).
  const mayInvite = invitableRoles(useStaff()).length > 0;
  const invitations = useResource(mayInvite ? adminApi.staffInvitations : null, [mayInvite]);
  const [inviting, setInviting] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PublicUser | null>(null);

  const replaceUser = (user: PublicUser) =>
    users.setData((page) =>
      page
        ? { ...page, items: page.items.map((item) => (item.id === user.id ? { ...item, ...user } : item)) }
        : page,
    );

  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('users.title')}>
        {mayInvite && <Button onClick={() => setInviting(true)}>{t('invitations.invite')}</Button>}
      </PageHeader>
      <StaffInvitations invitations={invitations} />
      <UsersFilters values={values} onChange={update} />
      <Loaded resource={users} errorTitle={t('users.loadError')}>
        {(page) => (
          <>
            {page.partial && <Alert tone="info">{t('users.partial')}</Alert>}
            <ListTable
              page={page}
              paging={paging}
              caption={t('users.caption')}
              busy={users.loading}
              emptyText={t('users.empty')}
              columns={[
                <SortHeader key="email" field="email" label={t('users.columns.user')} {...sorting} />,
                t('users.columns.role'),
                <th key="referrals" scope="col" className="num">
                  {t('users.columns.referrals')}
                </th>,
                <th key="completed" scope="col" className="num">
                  {t('users.columns.completed')}
                </th>,
                t('users.columns.note'),
                <SortHeader
                  key="createdAt"
                  field="createdAt"
                  label={t('users.columns.registered')}
                  {...sorting}
                />,
                t('users.columns.actions'),
              ]}
            >
              {(user) => (
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
                    <Badge tone={user.role === 'USER' ? 'neutral' : 'info'}>{t(`roles.${user.role}`)}</Badge>
                  </td>
                  <td className="num">{formatNumber(user.referralCount, language, 0)}</td>
                  <td className="num">{formatNumber(user.applicationCount, language, 0)}</td>
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
              )}
            </ListTable>
          </>
        )}
      </Loaded>
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
      {inviting && (
        <InviteStaffModal
          onClose={() => setInviting(false)}
          onInvited={(invitation) => {
            invitations.setData((list) => [...(list ?? []), invitation]);
            setInviting(false);
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
