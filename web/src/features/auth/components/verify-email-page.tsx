import { VERIFY_EMAIL_REDIRECT_MS } from '@shared/constants';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { pendingApplyPrefill } from '@web/lib/apply-prefill';
import { useTranslation } from '@web/lib/i18n';
import { sayRefusal } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { requiredError } from '@web/lib/validation';
import { useAuthStore } from '@web/stores/auth-store';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { verificationCodeDone, verifyEmail } from '../api/auth-flows';
import { useLinkToken } from '../lib/link-token';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';

/**
 * The mailed link's token and the account's password (verification proves who holds the mailbox,
 * so the mailbox holder confirms the password that survives it: docs/decisions.md); then success
 * (logged in; /profile after 2.5 s, or /apply when the visitor came from the landing page's
 * calculator with a quote to apply for) or the error above the form, with a login link (§2, §4).
 * An account with a second factor takes the code step first, as at login.
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const token = useLinkToken();
  const status = useAuthStore((state) => state.verificationStatus);
  const verificationError = useAuthStore((state) => state.verificationError);
  const { values, setErrors, field } = useFormFields({ password: '' });
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const next = status === 'success' && pendingApplyPrefill() ? paths.apply : paths.profile;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => navigate(next, { replace: true }), VERIFY_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, next]);

  useEffect(() => () => useAuthStore.setState({ verificationStatus: 'idle', verificationError: null }), []);

  if (!token) {
    return (
      <AuthCard title={t('verify.title')}>
        <div className="auth-result">
          <Alert tone="danger">
            <p>{t('errors:auth.verificationTokenMissing')}</p>
          </Alert>
          <Link to={paths.login}>{t('verify.toLogin')}</Link>
        </div>
      </AuthCard>
    );
  }

  if (status === 'success') {
    return (
      <AuthCard title={t('verify.title')}>
        <div className="auth-result">
          <Alert tone="success">
            <p>{t('verify.success')}</p>
            <p>{t(next === paths.apply ? 'verify.redirectingToApply' : 'verify.redirecting')}</p>
          </Alert>
          <Link to={next}>{t(next === paths.apply ? 'verify.toApply' : 'verify.toProfile')}</Link>
        </div>
      </AuthCard>
    );
  }

  if (mfaToken) {
    return (
      <AuthCard title={t('verify.title')}>
        <div className="auth-result">
          <MfaStep
            mfaToken={mfaToken}
            onVerified={verificationCodeDone}
            onRestart={() => navigate(paths.login, { replace: true })}
          />
        </div>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredError(values.password);
    if (missing) {
      setErrors({ password: t(`forms:${missing}`) });
      return;
    }
    const step = await verifyEmail(token, values.password);
    if (step) setMfaToken(step.mfaToken);
  };

  return (
    <AuthCard title={t('verify.title')} lead={t('verify.lead')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {status === 'error' && (
          <Alert tone="danger">
            <p>{sayRefusal(verificationError, t('errors:auth.verificationFailed'))}</p>
          </Alert>
        )}
        <PasswordField label={t('verify.password')} autoComplete="current-password" {...field('password')} />
        <div className="auth-form__row">
          <Link to={paths.forgotPassword}>{t('verify.forgot')}</Link>
        </div>
        <Button type="submit" block loading={status === 'loading'}>
          {t('verify.submit')}
        </Button>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.login}>{t('verify.toLogin')}</Link>
      </p>
    </AuthCard>
  );
}
