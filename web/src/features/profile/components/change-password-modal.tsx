import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { localizeServerMessage } from '../../../lib/server-message';
import { confirmPasswordError, newPasswordError, requiredError } from '../../../lib/validation';
import { toast } from '../../../stores/toast-store';
import { changePassword } from '../api/profile-api';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current and new password (with confirmation), spec §2 and §5. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'forms', 'errors', 'common']);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  }, [open]);

  const change = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<PasswordField, string>> = {};
    const current = requiredError(values.currentPassword);
    const next = newPasswordError(values.newPassword);
    const confirm = confirmPasswordError(values.newPassword, values.confirmPassword);
    if (current) found.currentPassword = t(`forms:${current}`);
    if (next) found.newPassword = t(`forms:${next}`);
    if (confirm) found.confirmPassword = t(`forms:${confirm}`);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const message = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      toast.success(localizeServerMessage(message, t('password.changed')));
      onClose();
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      const fieldProblem = apiError?.errors.find((item) => item.path === 'currentPassword');
      if (fieldProblem)
        setErrors({ currentPassword: localizeServerMessage(fieldProblem.msg, fieldProblem.msg) });
      else setFormError(localizeServerMessage(apiError?.message, t('errors:generic')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('password.title')}>
      <form className="stack" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField
          label={t('password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => change('currentPassword', event.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          label={t('password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => change('newPassword', event.target.value)}
          error={errors.newPassword}
        />
        <TextField
          label={t('password.confirm')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => change('confirmPassword', event.target.value)}
          error={errors.confirmPassword}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
