import { useTranslation } from '@web/lib/i18n';
import { useAuthStore } from '@web/stores/auth-store';
import { useId, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { Switch } from '../components/switch';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';

/**
 * The staff member's own shift, in the admin frame (docs/operations.md "Staff shifts and rights"): on shift,
 * alerts of new deals and messages reach them (the tone, the notifications, the staff group's
 * mention). The state is the one the server stored, kept in the session's user, so every screen
 * and the attention switches read the same.
 */
export function ShiftToggle() {
  const { t, language } = useTranslation('admin');
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!user) return null;
  const since = user.onShiftSince;

  const change = async (onShift: boolean) => {
    setBusy(true);
    try {
      const stored = await adminApi.setShift(onShift);
      // The user read again, not the one rendered: a change elsewhere meanwhile is kept.
      const current = useAuthStore.getState().user;
      if (current) setUser({ ...current, onShiftSince: stored.onShiftSince });
    } catch (error) {
      notify.failure(error, t('shift.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shift-toggle">
      <label className="shift-toggle__label" htmlFor={id}>
        {t('shift.label')}
      </label>
      <Switch id={id} checked={since !== null} busy={busy} onChange={(on) => void change(on)} />
      <span className="muted shift-toggle__since">
        {since ? t('shift.since', { time: formatDateTime(since, language) }) : t('shift.off')}
      </span>
    </div>
  );
}
