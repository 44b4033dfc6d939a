import type { StaffInvitationView } from '@shared/contract/staff-invitations';
import { invitableRoles } from '@shared/permissions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import type { Resource } from '@web/lib/use-resource';
import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { useStaff } from '../components/staff-context';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import './invitations.css';

/**
 * The pending staff invitations on the users page: who, which role, by whom, until when (a lapsed
 * link marked expired), with resend (a new 48-hour link) and revoke for the roles the staff member
 * may invite.
 */
export function StaffInvitations({ invitations }: { invitations: Resource<StaffInvitationView[]> }) {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const mayHandle = invitableRoles(staff);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<StaffInvitationView | null>(null);
  const items = invitations.data ?? [];
  if (items.length === 0) return null;

  const replace = (next: StaffInvitationView) =>
    invitations.setData((list) => list?.map((item) => (item.id === next.id ? next : item)));

  const resend = async (invitation: StaffInvitationView) => {
    setBusyId(invitation.id);
    try {
      replace(await adminApi.resendStaffInvitation(invitation.id));
      notify.success(t('invitations.sent', { email: invitation.email }));
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusyId(null);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusyId(revoking.id);
    try {
      await adminApi.revokeStaffInvitation(revoking.id);
      invitations.setData((list) => list?.filter((item) => item.id !== revoking.id));
      notify.success(t('invitations.revoked', { email: revoking.email }));
      setRevoking(null);
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="staff-invitations" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title" className="panel-title">
        {t('invitations.title')}
      </h2>
      <DataTable
        caption={t('invitations.title')}
        items={items}
        columns={[
          t('invitations.columns.email'),
          t('invitations.columns.role'),
          t('invitations.columns.invitedBy'),
          t('invitations.columns.validUntil'),
          t('invitations.columns.actions'),
        ]}
      >
        {(invitation) => (
          <tr key={invitation.id}>
            <td className="cell-user__email">{invitation.email}</td>
            <td>
              <Badge tone="info">{t(`roles.${invitation.role}`)}</Badge>
            </td>
            <td>{invitation.invitedBy.name ?? '—'}</td>
            <td className="nowrap">
              {invitation.expired ? (
                <Badge tone="warning">{t('invitations.expired')}</Badge>
              ) : (
                formatDateTime(invitation.expiresAt, language)
              )}
            </td>
            <td>
              {mayHandle.includes(invitation.role) && (
                <div className="row-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busyId === invitation.id}
                    onClick={() => resend(invitation)}
                  >
                    {t('invitations.resend')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(invitation)}>
                    {t('invitations.revoke')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      <ConfirmDialog
        open={revoking !== null}
        title={t('invitations.revokeTitle')}
        confirmLabel={t('invitations.revoke')}
        busy={busyId !== null}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        <p>{t('invitations.revokeText', { email: revoking?.email ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
