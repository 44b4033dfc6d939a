import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { newPasswordProblem } from '@web/lib/password-rules';
import { ruleText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { confirmPasswordError, type FieldErrors, requiredError } from '@web/lib/validation';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useEffect, useState } from 'react';
import { changePassword } from '../api/profile-api';
import { placeServerError } from '../lib/server-error';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current and new password (with confirmation), docs/product.md §2 and §5. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'forms', 'errors', 'common']);
  const { values, setErrors, formError, setFormError, field, reset } = useFormFields(EMPTY);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<keyof typeof EMPTY> = {};
    const current = requiredError(values.currentPassword);
    const next = await newPasswordProblem(values.newPassword);
    const confirm = confirmPasswordError(values.newPassword, values.confirmPassword);
    if (current) found.currentPassword = t(`forms:${current}`);
    if (next) found.newPassword = ruleText(next);
    if (confirm) found.confirmPassword = t(`forms:${confirm}`);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast.success(t('password.changed'));
      onClose();
    } catch (failure) {
      const { fieldError, formError } = placeServerError(failure, 'currentPassword', t('errors:generic'));
      if (fieldError) setErrors({ currentPassword: fieldError });
      else setFormError(formError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('password.title')}>
      <form className="stack" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField label={t('password.new')} autoComplete="new-password" {...field('newPassword')} />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          {...field('confirmPassword')}
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
