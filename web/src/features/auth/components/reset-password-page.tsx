import { RESET_PASSWORD_REDIRECT_MS } from '@shared/constants';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { newPasswordProblem } from '@web/lib/password-rules';
import { refusalText, ruleText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { confirmPasswordError } from '@web/lib/validation';
import { useAuthStore } from '@web/stores/auth-store';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { resetPassword, type SignInStep } from '../api/auth-flows';
import { useLinkToken } from '../lib/link-token';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';

/**
 * New password and confirmation. A reset logs the user in (docs/decisions.md: the way in a lockout
 * cannot block): on success a message, then the profile after 3 s; an account with a second factor
 * takes the code step first (docs/product.md §2, §9).
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const token = useLinkToken();
  const { values, setErrors, formError, setFormError, field } = useFormFields({
    password: '',
    confirmPassword: '',
  });
  const [done, setDone] = useState<{ step: SignInStep } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // The session starts on leaving: this route is for guests, so it would leave at once.
  const enter = useCallback(() => {
    if (done && 'session' in done.step) useAuthStore.getState().startSession(done.step.session);
    navigate(paths.profile, { replace: true });
  }, [done, navigate]);

  useEffect(() => {
    if (!done || !('session' in done.step)) return;
    const timer = setTimeout(enter, RESET_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, enter]);

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <div className="auth-result">
          <Alert tone="danger">
            <p>{t('reset.missingToken')}</p>
          </Alert>
          <Link to={paths.forgotPassword}>{t('reset.requestNew')}</Link>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('reset.title')}>
        <div className="auth-result">
          <Alert tone="success">
            <p>{t('reset.done')}</p>
            {'session' in done.step && <p>{t('reset.redirecting')}</p>}
          </Alert>
          {'session' in done.step ? (
            <Button variant="secondary" onClick={enter}>
              {t('reset.toProfile')}
            </Button>
          ) : (
            <MfaStep
              mfaToken={done.step.mfaToken}
              onVerified={enter}
              onRestart={() => navigate(paths.login, { replace: true })}
            />
          )}
        </div>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    const passwordError = await newPasswordProblem(values.password);
    const confirmError = confirmPasswordError(values.password, values.confirmPassword);
    if (passwordError || confirmError) {
      setErrors({
        ...(passwordError ? { password: ruleText(passwordError) } : {}),
        ...(confirmError ? { confirmPassword: t(`forms:${confirmError}`) } : {}),
      });
      setSubmitting(false);
      return;
    }
    try {
      setDone({ step: await resetPassword({ token, password: values.password }) });
    } catch (failure) {
      setFormError(refusalText(failure, t('errors:generic')));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <PasswordField
          label={t('reset.password')}
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          {...field('password')}
        />
        <PasswordField
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" block loading={submitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
