import type { PublicUser } from '@shared/contract/users';
import { mayDo } from '@shared/permissions';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { EyeIcon, PencilIcon, PowerIcon, ResetIcon } from '../components/admin-icons';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IconButton } from '../components/icon-button';
import { useStaff } from '../components/staff-context';
import { notify } from '../lib/notify';

interface UserActionsProps {
  user: PublicUser;
  onDetail: () => void;
  onEdit: () => void;
  onChanged: (user: PublicUser) => void;
}

/**
 * A row's actions: details for every staff member; edit, activate/deactivate and reset referrals
 * only where the role hierarchy allows them (docs/architecture.md §6), reset after a confirmation.
 */
export function UserActions({ user, onDetail, onEdit, onChanged }: UserActionsProps) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const [busy, setBusy] = useState<'active' | 'referrals' | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const name = user.username ?? user.email;

  const toggleActive = async () => {
    setBusy('active');
    try {
      const answer = user.isActive
        ? await adminApi.deactivateUser(user.id)
        : await adminApi.activateUser(user.id);
      onChanged(answer.data);
      notify.success(user.isActive ? t('users.deactivated', { name }) : t('users.activated', { name }));
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusy(null);
    }
  };

  const resetReferrals = async () => {
    setBusy('referrals');
    try {
      const answer = await adminApi.resetReferrals(user.id);
      onChanged({ ...user, referralCount: 0 });
      notify.success(t('users.referralsReset', { count: answer.data.count }));
      setConfirmReset(false);
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="row-actions">
      <IconButton icon={<EyeIcon />} label={t('users.actions.detailsOf', { name })} onClick={onDetail} />
      {mayDo(staff, 'edit', user) && (
        <IconButton icon={<PencilIcon />} label={t('users.actions.editOf', { name })} onClick={onEdit} />
      )}
      {mayDo(staff, user.isActive ? 'deactivate' : 'activate', user) && (
        <IconButton
          icon={<PowerIcon />}
          tone={user.isActive ? 'danger' : 'success'}
          label={
            user.isActive
              ? t('users.actions.deactivateOf', { name })
              : t('users.actions.activateOf', { name })
          }
          loading={busy === 'active'}
          onClick={toggleActive}
        />
      )}
      {mayDo(staff, 'resetReferrals', user) && (
        <IconButton
          icon={<ResetIcon />}
          label={t('users.actions.resetReferralsOf', { name })}
          disabled={user.referralCount === 0}
          onClick={() => setConfirmReset(true)}
        />
      )}
      <ConfirmDialog
        open={confirmReset}
        title={t('users.confirmReset.title')}
        confirmLabel={t('users.confirmReset.confirm')}
        busy={busy === 'referrals'}
        onConfirm={resetReferrals}
        onClose={() => setConfirmReset(false)}
      >
        <p>{t('users.confirmReset.text', { name, count: user.referralCount })}</p>
        <p className="irreversible">{t('common.irreversible')}</p>
      </ConfirmDialog>
    </div>
  );
}
