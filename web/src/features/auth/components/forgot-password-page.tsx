import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { PrerenderedForm } from '@web/components/ui/prerendered-form';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { emailError } from '@web/lib/validation';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard } from './auth-card';

/**
 * Email field; on success a message replaces the form (docs/product.md §2).
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldError = emailError(email);
    if (fieldError) {
      setError(t(`forms:${fieldError}`));
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      await requestPasswordReset({ email: email.trim() });
      setDone(true);
    } catch (failure) {
      setFormError(refusalText(failure, t('errors:auth.forgotFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} lead={done ? undefined : t('forgot.lead')}>
      {done ? (
        <div className="auth-result">
          <Alert tone="success">
            <p>{t('forgot.done')}</p>
          </Alert>
          <Link to={paths.login}>{t('forgot.backToLogin')}</Link>
        </div>
      ) : (
        <PrerenderedForm className="auth-form" onSubmit={submit} noValidate>
          {formError && <Alert tone="danger">{formError}</Alert>}
          <TextField
            label={t('forgot.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" block loading={submitting}>
            {t('forgot.submit')}
          </Button>
          <p className="auth-card__footer">
            <Link to={paths.login}>{t('forgot.backToLogin')}</Link>
          </p>
        </PrerenderedForm>
      )}
    </AuthCard>
  );
}
