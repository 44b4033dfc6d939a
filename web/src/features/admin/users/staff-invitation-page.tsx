import type { StaffInvitationOpenData } from '@shared/contract/staff-invitations';
import { MfaCodeField } from '@web/components/mfa/mfa-code-field';
import { MfaKey } from '@web/components/mfa/mfa-settings';
import { RecoveryCodes } from '@web/components/mfa/recovery-codes';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { newPasswordProblem } from '@web/lib/password-rules';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { type Resource, useResource } from '@web/lib/use-resource';
import { confirmPasswordError } from '@web/lib/validation';
import { useAuthStore } from '@web/stores/auth-store';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import '@web/components/mfa/mfa.css';
import './invitations.css';

/** Where a staff invitation's mailed link opens (functions/domain/accounts/links.ts). */
export const STAFF_INVITATION_PATH = '/admin/invitation';

/** The token of the mailed link: in the fragment (`#token=…`), which browsers never send. */
function linkToken(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

type Stage =
  | { kind: 'opening' }
  | { kind: 'failed'; message: string }
  | { kind: 'form'; invitation: StaffInvitationOpenData }
  | { kind: 'codes'; email: string; codes: string[] };

/** The accepted invitation: the new member's address and recovery codes, shown once. */
type Accepted = Extract<Stage, { kind: 'codes' }>;

/** Where the invitee is: the codes once accepted, else what opening the link answered. */
function stageOf(
  opened: Resource<StaffInvitationOpenData>,
  accepted: Accepted | null,
  failed: (error: unknown) => string,
): Stage {
  if (accepted) return accepted;
  if (opened.error) return { kind: 'failed', message: failed(opened.error) };
  return opened.data ? { kind: 'form', invitation: opened.data } : { kind: 'opening' };
}

/**
 * /admin/invitation#token=… (docs/product.md "Staff by invitation"): the invitee sets a password and
 * the second factor (the QR code of a secret the server offers, a first code), and is then a staff
 * member of the invited role, logged in; the recovery codes are shown once before the admin area.
 */
export function StaffInvitationPage() {
  const { t, language } = useTranslation(['admin', 'security', 'forms', 'errors']);
  const navigate = useNavigate();
  const [token] = useState(linkToken);
  const opened = useResource(token ? (signal) => adminApi.openStaffInvitation(token, signal) : null, [token]);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const stage: Stage = token
    ? stageOf(opened, accepted, (failure) => refusalText(failure, t('errors:generic')))
    : { kind: 'failed', message: t('invitation.missingToken') };
  const [busy, setBusy] = useState(false);
  const { values, setErrors, formError, setFormError, field } = useFormFields({
    password: '',
    confirmPassword: '',
    code: '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'form' || !token) return;
    setBusy(true);
    const passwordError = await newPasswordProblem(values.password);
    const confirmError = confirmPasswordError(values.password, values.confirmPassword);
    const codeError = /^\d{6}$/.test(values.code.trim()) ? null : ruleText({ code: 'mfaCodeFormat' });
    if (passwordError || confirmError || codeError) {
      setErrors({
        ...(passwordError ? { password: ruleText(passwordError) } : {}),
        ...(confirmError ? { confirmPassword: t(`forms:${confirmError}`) } : {}),
        ...(codeError ? { code: codeError } : {}),
      });
      setBusy(false);
      return;
    }
    try {
      const data = await adminApi.acceptStaffInvitation({
        token,
        password: values.password,
        code: values.code.trim(),
      });
      useAuthStore.getState().startSession(data.session);
      setAccepted({ kind: 'codes', email: data.session.user.email, codes: data.recoveryCodes });
    } catch (failure) {
      const fields = fieldErrorTexts(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(refusalText(failure, t('errors:generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page invitation-page">
      <section className="card mfa" aria-labelledby="invitation-title">
        <h1 id="invitation-title" className="mfa__title">
          {t('invitation.title')}
        </h1>
        {stage.kind === 'opening' && <Spinner label={t('common.loading')} />}
        {stage.kind === 'failed' && (
          <Alert tone="danger">
            <p>{stage.message}</p>
          </Alert>
        )}
        {stage.kind === 'codes' && (
          <>
            <Alert tone="success">
              <p>{t('invitation.welcome')}</p>
            </Alert>
            <RecoveryCodes
              codes={stage.codes}
              account={stage.email}
              onSaved={() => navigate('/admin', { replace: true })}
            />
          </>
        )}
        {stage.kind === 'form' && (
          <form className="mfa-step" onSubmit={submit} noValidate>
            <p>
              {t('invitation.lead', {
                email: stage.invitation.email,
                role: t(`roles.${stage.invitation.role}`),
                until: formatDateTime(stage.invitation.expiresAt, language),
              })}
            </p>
            {formError && <Alert tone="danger">{formError}</Alert>}
            <h2 className="invitation-page__step">{t('invitation.passwordStep')}</h2>
            <PasswordField
              label={t('invitation.password')}
              autoComplete="new-password"
              hint={t('invitation.passwordHint')}
              {...field('password')}
            />
            <PasswordField
              label={t('invitation.confirmPassword')}
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
            <h2 className="invitation-page__step">{t('invitation.mfaStep')}</h2>
            <MfaKey secret={stage.invitation.secret} otpauthUrl={stage.invitation.otpauthUrl} />
            <p>{t('security:enterCode')}</p>
            <MfaCodeField label={t('security:code')} {...field('code')} />
            <div className="mfa-step__actions">
              <Button type="submit" loading={busy}>
                {t('invitation.submit')}
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
