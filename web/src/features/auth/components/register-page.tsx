import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@web/components/ui/field';
import { CheckIcon } from '@web/components/ui/icons';
import { PrerenderedForm } from '@web/components/ui/prerendered-form';
import { loginPath, paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { focusFirstInvalid } from '@web/lib/focus';
import { currentLanguage, useTranslation } from '@web/lib/i18n';
import { clearReferralCode } from '@web/lib/referral-cookie';
import { refusalText } from '@web/lib/refusal-text';
import { hasErrors } from '@web/lib/validation';
import { toast } from '@web/stores/toast-store';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resendVerification } from '../api/auth-api';
import { register } from '../api/auth-flows';
import { readReferralCode } from '../lib/referral-code';
import {
  EMPTY_REGISTER_VALUES,
  mapRegisterServerErrors,
  type RegisterField,
  type RegisterValues,
  validateRegister,
} from '../lib/register-form';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'forms', 'errors']);
  const [params] = useSearchParams();
  // Read after the first render: the page is prerendered without cookies and hydrated as such.
  const [referralCode, setReferralCode] = useState<string | null>(null);
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  useEffect(() => {
    const stored = readReferralCode();
    if (stored === null) return;
    setReferralCode(stored);
    setValues((current) => ({ ...current, invitationCode: stored }));
  }, []);
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState<{ email: string; mailSent: boolean } | null>(null);

  /** Client errors are keys of the `forms` namespace; the server's rules come worded already. */
  const errorText = (field: RegisterField) => {
    const error = errors[field];
    if (!error) return null;
    return error.startsWith('validation.') ? t(`forms:${error}`) : error;
  };

  const change = <K extends keyof RegisterValues>(field: K, value: RegisterValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const errorField: RegisterField =
      field === 'acceptTerms' ? 'terms' : field === 'noCode' ? 'invitationCode' : (field as RegisterField);
    setErrors((current) => ({ ...current, [errorField]: undefined, general: undefined }));
  };

  /** What a text field needs: its name, value, change handler and error text. */
  const textField = (name: Exclude<RegisterField, 'terms' | 'general'>) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    error: errorText(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const clientErrors = await validateRegister(values, referralCode !== null);
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(form);
      return;
    }
    setSubmitting(true);
    const code = referralCode ?? (values.noCode ? '' : values.invitationCode.trim());
    try {
      const { verificationEmailSent } = await register({
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        ...(code ? { invitationCode: code } : {}),
        language: currentLanguage(),
      });
      setRegistered({ email: values.email.trim(), mailSent: verificationEmailSent });
    } catch (error) {
      const serverErrors =
        error instanceof ApiError ? mapRegisterServerErrors(refusalText(error, ''), error.errors) : {};
      setErrors(hasErrors(serverErrors) ? serverErrors : { general: t('errors:auth.registrationError') });
      // A refused referral code would otherwise stay locked in the field for the cookie's 7 days,
      // leaving the visitor no way to register: drop it and let them edit the code or tick no-code.
      if (serverErrors.invitationCode && referralCode !== null) {
        clearReferralCode();
        setReferralCode(null);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (registered) return <RegistrationDone email={registered.email} mailSent={registered.mailSent} />;

  return (
    <AuthCard title={t('register.title')} lead={t('register.lead')}>
      <PrerenderedForm className="auth-form" onSubmit={submit} noValidate>
        {errors.general && <Alert tone="danger">{errorText('general')}</Alert>}
        <TextField label={t('register.email')} type="email" autoComplete="email" {...textField('email')} />
        <TextField
          label={t('register.username')}
          autoComplete="username"
          hint={t('register.usernameHint')}
          {...textField('username')}
        />
        <PasswordField
          label={t('register.password')}
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          {...textField('password')}
        />
        <PasswordField
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          {...textField('confirmPassword')}
        />
        <TextField
          label={t('register.invitationCode')}
          autoComplete="off"
          readOnly={referralCode !== null}
          disabled={referralCode === null && values.noCode}
          hint={referralCode !== null ? t('register.referralApplied') : undefined}
          {...textField('invitationCode')}
        />
        {referralCode === null && (
          <Checkbox
            label={t('register.noCode')}
            name="noCode"
            checked={values.noCode}
            onChange={(event) => change('noCode', event.target.checked)}
          />
        )}
        <Checkbox
          name="acceptTerms"
          checked={values.acceptTerms}
          onChange={(event) => change('acceptTerms', event.target.checked)}
          error={errorText('terms')}
          label={
            <>
              {t('register.termsPrefix')}{' '}
              <Link to={paths.licenseAgreement} target="_blank" rel="noopener">
                {t('register.termsLink')}
              </Link>
            </>
          }
        />
        <Button type="submit" block loading={submitting}>
          {t('register.submit')}
        </Button>
      </PrerenderedForm>
      <p className="auth-card__footer">
        {t('register.haveAccount')}{' '}
        <Link to={loginPath(params.get('redirectTo'))}>{t('register.loginLink')}</Link>
      </p>
    </AuthCard>
  );
}

function RegistrationDone({ email, mailSent }: { email: string; mailSent: boolean }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendVerification({ email });
      toast.success(t('register.resent'));
    } catch (error) {
      toast.error(refusalText(error, t('errors:auth.resendFailed')));
    } finally {
      setSending(false);
    }
  };
  return (
    <AuthCard title={t('register.doneTitle')}>
      <div className="auth-result">
        <span className="auth-result__icon">
          <CheckIcon size={24} />
        </span>
        <Alert tone="success">
          <p>{t(mailSent ? 'register.doneText' : 'register.doneMailFailed')}</p>
        </Alert>
        <p className="muted">{t('register.doneHint', { email })}</p>
        <div className="row">
          <Button variant="secondary" onClick={resend} loading={sending}>
            {t('register.resend')}
          </Button>
          <Link to={paths.login}>{t('register.loginLink')}</Link>
        </div>
      </div>
    </AuthCard>
  );
}
