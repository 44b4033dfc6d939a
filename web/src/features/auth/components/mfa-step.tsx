import { MfaCodeField, mfaCodeShapeOk } from '@web/components/mfa/mfa-code-field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { type FormEvent, useState } from 'react';
import { verifyMfa } from '../api/auth-flows';

/**
 * The second step of a login (or of a password reset) for an account with a second factor: one
 * code from the authenticator app, or a recovery code; then the session starts and `onVerified`
 * continues as after a login. `onRestart` leads back to the login form (the step's token is
 * short-lived).
 */
export function MfaStep({
  mfaToken,
  onVerified,
  onRestart,
}: {
  mfaToken: string;
  onVerified: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [recovery, setRecovery] = useState(false);
  const { values, setErrors, formError, setFormError, field, reset } = useFormFields({ code: '' });
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mfaCodeShapeOk(values.code, recovery)) {
      setErrors({ code: t(recovery ? 'mfa.recoveryShape' : 'mfa.codeShape') });
      return;
    }
    setSubmitting(true);
    try {
      await verifyMfa(mfaToken, values.code.trim());
      onVerified();
    } catch (error) {
      setFormError(refusalText(error, t('errors:auth.unknownLoginError')));
      setSubmitting(false);
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    reset();
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="mfa-step-title">
      <h2 id="mfa-step-title" className="auth-form__title">
        {t('mfa.title')}
      </h2>
      <p className="muted">{recovery ? t('mfa.leadRecovery') : t('mfa.lead')}</p>
      {formError && <Alert tone="danger">{formError}</Alert>}
      <MfaCodeField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t('mfa.recoveryCode') : t('mfa.code')}
        recovery={recovery}
        {...field('code')}
      />
      <Button type="submit" block loading={submitting}>
        {t('mfa.submit')}
      </Button>
      <div className="auth-form__row">
        <Button variant="ghost" size="sm" onClick={switchKind}>
          {recovery ? t('mfa.useApp') : t('mfa.useRecovery')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          {t('mfa.restart')}
        </Button>
      </div>
    </form>
  );
}
