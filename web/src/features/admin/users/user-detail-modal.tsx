import { canOpenSection } from '@shared/admin-sections';
import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { AdminUserDetail } from '@shared/contract/admin-users';
import type { PublicUser } from '@shared/contract/users';
import { shortId } from '@shared/ids';
import { mayDo } from '@shared/permissions';
import { Badge } from '@web/components/ui/badge';
import { Button, ButtonLink } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { DetailModal } from '../components/detail-modal';
import { type Fact, FactList } from '../components/fact-list';
import { Loaded } from '../components/load-state';
import { ModalSection } from '../components/modal-section';
import { Pager } from '../components/pager';
import { useStaff } from '../components/staff-context';
import { StatusBadge } from '../components/status-badge';
import { adminHref } from '../lib/admin-paths';
import { formatAmount, formatDate, formatDateTime, formatNumber } from '../lib/format';
import { notify } from '../lib/notify';

interface UserDetailModalProps {
  userId: string;
  onClose: () => void;
  onEdit: (user: PublicUser) => void;
}

/** The detail modal opened by double-click or a long press: the user, their applications, the audit. */
export function UserDetailModal({ userId, onClose, onEdit }: UserDetailModalProps) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const detail = useResource((signal) => adminApi.user(userId, signal), [userId]);
  const title = detail.data ? (detail.data.username ?? detail.data.email) : t('users.detail.title');
  return (
    <DetailModal
      title={title}
      detail={detail}
      errorTitle={t('users.detail.loadError')}
      onClose={onClose}
      actions={(user) => (
        <>
          {user.mfaEnabled && mayDo(staff, 'resetMfa', user) && (
            <ResetMfaButton user={user} onReset={detail.reload} />
          )}
          {/* Any client may be a partner: their terms open on the partners page. */}
          {canOpenSection(staff.role, 'partners') && (
            <ButtonLink variant="secondary" to={adminHref('partners', { user: user.id })}>
              {t('users.actions.partnerTerms')}
            </ButtonLink>
          )}
          {mayDo(staff, 'edit', user) && (
            <Button variant="secondary" onClick={() => onEdit(user)}>
              {t('users.actions.edit')}
            </Button>
          )}
        </>
      )}
    >
      {(user) => (
        <>
          <UserFacts user={user} />
          <UserApplications userId={user.id} />
          <UserAudit audit={user.audit} />
        </>
      )}
    </DetailModal>
  );
}

function UserFacts({ user }: { user: AdminUserDetail }) {
  const { t, language } = useTranslation('admin');
  const facts: Fact[] = [
    [t('users.detail.email'), user.email],
    [t('users.detail.username'), user.username ?? '—'],
    [t('users.detail.role'), t(`roles.${user.role}`)],
    [
      t('users.detail.status'),
      <Badge key="status" tone={user.isActive ? 'success' : 'danger'}>
        {user.isActive ? t('users.status.active') : t('users.status.inactive')}
      </Badge>,
    ],
    [
      t('users.detail.emailVerified'),
      user.emailVerified ? t('users.emailVerified.yes') : t('users.emailVerified.no'),
    ],
    [t('users.detail.telegram'), user.telegramId ?? '—'],
    [t('users.detail.language'), t(`languages.${user.language}`)],
    [t('users.detail.referralCode'), user.referralCode ?? '—'],
    [t('users.detail.referrals'), formatNumber(user.referralCount, language, 0)],
    [t('users.detail.completed'), formatNumber(user.applicationCount, language, 0)],
    [t('users.detail.mfa'), user.mfaEnabled ? t('users.mfa.on') : t('users.mfa.off')],
    [t('users.detail.mailDelivery'), <MailDelivery key="mail" mark={user.mailUndeliverable} />],
    [t('users.detail.registered'), formatDateTime(user.createdAt, language)],
    [t('users.detail.note'), user.adminComment ?? '—'],
  ];
  return <FactList facts={facts} />;
}

/** A bounce or complaint SES reported for the address: the sender sends it nothing more. */
function MailDelivery({ mark }: { mark: AdminUserDetail['mailUndeliverable'] }) {
  const { t, language } = useTranslation('admin');
  if (!mark) return <>{t('users.mailDelivery.ok')}</>;
  return (
    <>
      <Badge tone="danger">
        {t(`users.mailDelivery.${mark.reason}`, { date: formatDate(mark.at, language) })}
      </Badge>
      {mark.detail && <span className="muted mono"> {mark.detail}</span>}
    </>
  );
}

/** A SUPER_ADMIN turns off the user's second factor (a lost phone), after a confirmation; audited. */
function ResetMfaButton({ user, onReset }: { user: AdminUserDetail; onReset: () => void }) {
  const { t } = useTranslation('admin');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = user.username ?? user.email;

  const reset = async () => {
    setBusy(true);
    try {
      await adminApi.resetUserMfa(user.id);
      notify.success(t('users.mfa.resetDone', { name }));
      setConfirming(false);
      onReset();
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('users.mfa.reset')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('users.mfa.confirmTitle')}
        confirmLabel={t('users.mfa.reset')}
        busy={busy}
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      >
        <p>{t('users.mfa.confirmText', { name })}</p>
      </ConfirmDialog>
    </>
  );
}

function UserApplications({ userId }: { userId: string }) {
  const { t, language } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const applications = useResource(
    (signal) => adminApi.userApplications(userId, page, signal),
    [userId, page],
  );
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  return (
    <ModalSection id="user-applications-title" title={t('users.detail.applications')}>
      <Loaded resource={applications} errorTitle={t('users.detail.applicationsError')}>
        {({ items, total, totalPages }) =>
          items.length === 0 ? (
            <p className="muted">{t('users.detail.noApplications')}</p>
          ) : (
            <>
              <DataTable
                className="compact-table"
                items={items}
                columns={[
                  t('applications.columns.id'),
                  t('applications.columns.created'),
                  t('applications.columns.gives'),
                  t('applications.columns.status'),
                ]}
              >
                {(application) => (
                  <tr key={application.id}>
                    <td className="mono">
                      <Link to={adminHref('applications', { open_id: application.id })}>
                        {shortId(application.id, ADMIN_APPLICATION_ID_DISPLAY_LENGTH)}
                      </Link>
                    </td>
                    <td className="nowrap">{formatDate(application.createdAt, language)}</td>
                    <td>
                      {application.requestType === 'INDIVIDUAL'
                        ? t('applications.type.INDIVIDUAL')
                        : formatAmount(application.amountFrom, application.assetFrom, language, kinds)}
                    </td>
                    <td>
                      <StatusBadge status={application.status} />
                    </td>
                  </tr>
                )}
              </DataTable>
              <Pager page={page} totalPages={totalPages} total={total} pageSize={10} onPage={setPage} />
              <Link className="modal-section__more" to={adminHref('applications', { userId })}>
                {t('users.detail.allApplications')}
              </Link>
            </>
          )
        }
      </Loaded>
    </ModalSection>
  );
}

function UserAudit({ audit }: { audit: AdminUserDetail['audit'] }) {
  const { t, language } = useTranslation('admin');
  return (
    <ModalSection id="user-audit-title" title={t('users.detail.audit')}>
      {audit.length === 0 ? (
        <p className="muted">{t('users.detail.noAudit')}</p>
      ) : (
        <ul className="timeline">
          {audit.map((entry) => (
            <li key={`${entry.at}-${entry.action}`}>
              <span className="timeline__when">{formatDateTime(entry.at, language)}</span>{' '}
              <span>{t(`users.audit.${entry.action}`, { defaultValue: entry.action })}</span>{' '}
              <span className="muted">
                ({entry.actorName ? `${entry.actorName}, ` : ''}
                {t(`roles.${entry.actorRole}`)})
              </span>
              {entry.after && (
                <span className="timeline__diff mono">{describeChange(entry.before, entry.after)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ModalSection>
  );
}

function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown>): string {
  return Object.keys(after)
    .map((field) => `${field}: ${String(before?.[field] ?? '—')} → ${String(after[field] ?? '—')}`)
    .join('; ');
}
