import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths, registerPath, safeRedirect } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n';
import { localizeServerMessage } from '../../../lib/server-message';
import { login } from '../api/auth-flows';
import { AuthCard } from './auth-card';

type LoginField = 'loginIdentifier' | 'password';

/** Identifier (email or username) and password; on success to `redirectTo` or the profile (§4). */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const [values, setValues] = useState({ loginIdentifier: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const identifier = values.loginIdentifier.trim();
    if (!identifier && !values.password) {
      setFormError(t('forms:validation.allFieldsRequired'));
      return;
    }
    const nextErrors: Partial<Record<LoginField, string>> = {};
    if (!identifier) nextErrors.loginIdentifier = t('forms:validation.identifierRequired');
    if (!values.password) nextErrors.password = t('forms:validation.allFieldsRequired');
    if (nextErrors.loginIdentifier || nextErrors.password) {
      setErrors(nextErrors);
      return;
    }
    setSubmitting(true);
    try {
      await login(identifier, values.password);
      navigate(safeRedirect(redirectTo), { replace: true });
    } catch (error) {
      setFormError(localizeServerMessage((error as Error).message, t('errors:auth.unknownLoginError')));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField
          label={t('login.identifier')}
          name="loginIdentifier"
          autoComplete="username"
          value={values.loginIdentifier}
          onChange={(event) => change('loginIdentifier', event.target.value)}
          error={errors.loginIdentifier}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={errors.password}
        />
        <div className="auth-form__row">
          <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('login.noAccount')} <Link to={registerPath(redirectTo)}>{t('login.registerLink')}</Link>
      </p>
    </AuthCard>
  );
}
