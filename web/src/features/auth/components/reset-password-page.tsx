import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RESET_PASSWORD_REDIRECT_MS } from '../../../../../shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n';
import { localizeServerMessage } from '../../../lib/server-message';
import { confirmPasswordError, newPasswordError } from '../../../lib/validation';
import { resetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';

type ResetField = 'password' | 'confirmPassword';

/** New password and confirmation; on success a message, then /login after 3 s (spec §2, §9). */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
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

  const change = (field: ResetField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

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
          <TextField
            label={t('reset.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            error={errors.password}
          />
          <TextField
            label={t('reset.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => change('confirmPassword', event.target.value)}
            error={errors.confirmPassword}
          />
          <Button type="submit" block loading={submitting}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
