import { RESET_PASSWORD_REDIRECT_MS } from '@shared/constants';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { localizeServerMessage } from '@web/lib/server-message';
import { useFormFields } from '@web/lib/use-form-fields';
import { confirmPasswordError, newPasswordError } from '@web/lib/validation';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';

/**
 * New password and confirmation; on success a message, then /login after 3 s (docs/product.md §2, §9).
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { values, setErrors, formError, setFormError, field } = useFormFields({
    password: '',
    confirmPassword: '',
  });
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passwordError = newPasswordError(values.password);
    const confirmError = confirmPasswordError(values.password, values.confirmPassword);
    if (passwordError || confirmError) {
      setErrors({
        ...(passwordError ? { password: t(`forms:${passwordError}`) } : {}),
        ...(confirmError ? { confirmPassword: t(`forms:${confirmError}`) } : {}),
      });
      return;
    }
    setSubmitting(true);
    try {
      const message = await resetPassword({ token, password: values.password });
      setDone(localizeServerMessage(message, t('reset.done')));
    } catch (failure) {
      setFormError(localizeServerMessage((failure as Error).message, t('errors:generic')));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')} lead={done ? undefined : t('reset.lead')}>
      {done ? (
        <div className="auth-result">
          <Alert tone="success">
            <p>{done}</p>
            <p>{t('reset.redirecting')}</p>
          </Alert>
          <Link to={paths.login}>{t('reset.toLogin')}</Link>
        </div>
      ) : (
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
      )}
    </AuthCard>
  );
}
