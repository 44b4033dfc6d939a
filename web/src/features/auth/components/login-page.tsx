import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField, TextField } from '@web/components/ui/field';
import { PrerenderedForm } from '@web/components/ui/prerendered-form';
import { paths, registerPath, safeRedirect } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import type { FieldErrors } from '@web/lib/validation';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../api/auth-flows';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';

/**
 * Identifier (email or username) and password; on success to `redirectTo` or the profile (§4).
 * An account with a second factor answers the code step first.
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const { values, setErrors, formError, setFormError, field } = useFormFields({
    loginIdentifier: '',
    password: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const enter = () => navigate(safeRedirect(redirectTo), { replace: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const identifier = values.loginIdentifier.trim();
    if (!identifier && !values.password) {
      setFormError(t('forms:validation.allFieldsRequired'));
      return;
    }
    const nextErrors: FieldErrors<keyof typeof values> = {};
    if (!identifier) nextErrors.loginIdentifier = t('forms:validation.identifierRequired');
    if (!values.password) nextErrors.password = t('forms:validation.allFieldsRequired');
    if (nextErrors.loginIdentifier || nextErrors.password) {
      setErrors(nextErrors);
      return;
    }
    setSubmitting(true);
    try {
      const step = await login(identifier, values.password);
      if ('mfaToken' in step) {
        setMfaToken(step.mfaToken);
        setSubmitting(false);
      } else enter();
    } catch (error) {
      setFormError(refusalText(error, t('errors:auth.unknownLoginError')));
      setSubmitting(false);
    }
  };

  if (mfaToken) {
    return (
      <AuthCard title={t('login.title')}>
        <MfaStep mfaToken={mfaToken} onVerified={enter} onRestart={() => setMfaToken(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <PrerenderedForm className="auth-form" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField label={t('login.identifier')} autoComplete="username" {...field('loginIdentifier')} />
        <PasswordField label={t('login.password')} autoComplete="current-password" {...field('password')} />
        <div className="auth-form__row">
          <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </PrerenderedForm>
      <p className="auth-card__footer">
        {t('login.noAccount')} <Link to={registerPath(redirectTo)}>{t('login.registerLink')}</Link>
      </p>
    </AuthCard>
  );
}
