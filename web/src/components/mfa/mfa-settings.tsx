import type { MfaSetupData } from '@shared/contract/mfa';
import type { OwnUser } from '@shared/contract/users';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PasswordField } from '@web/components/ui/field';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useFormFields } from '@web/lib/use-form-fields';
import { useAuthStore } from '@web/stores/auth-store';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useState } from 'react';
import { disableMfa, enableMfa, setupMfa } from './mfa-api';
import { MfaCodeField, mfaCodeShapeOk } from './mfa-code-field';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import './mfa.css';

/** The set-up keeps the password it was started with for the step that turns the factor on. */
type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: MfaSetupData; currentPassword: string }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-step verification of the logged-in user (the profile's Security section, and the only screen
 * of the admin area while a staff member must still set it up): set-up with a QR code drawn in the
 * browser and the secret for manual entry, a first code to turn it on, then the recovery codes shown
 * once; turning it off takes a code or a recovery code. Starting the set-up and turning it off ask
 * for the account's password (the set-up keeps it in memory for its second step). The user is
 * reloaded after each change (after the codes are saved, so a set-up gate does not close over them).
 */
export function MfaSettings({ user }: { user: OwnUser }) {
  const { t } = useTranslation(['security', 'errors']);
  const fetchCurrentUser = useAuthStore((state) => state.fetchCurrentUser);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const { values, setErrors, formError, setFormError, field, reset } = useFormFields({
    code: '',
    currentPassword: '',
  });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFormError(refusalText(error, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  const passwordOk = () => {
    if (values.currentPassword) return true;
    setErrors({ currentPassword: t('passwordRequired') });
    return false;
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordOk()) return;
    void run(async () => {
      const setup = await setupMfa(values.currentPassword);
      const currentPassword = values.currentPassword;
      reset();
      setStage({ kind: 'setup', setup, currentPassword });
    });
  };

  const codeOk = (kinds: boolean[]) => {
    if (kinds.some((recovery) => mfaCodeShapeOk(values.code, recovery))) return true;
    setErrors({ code: t(kinds.length > 1 ? 'disableShape' : 'codeShape') });
    return false;
  };

  const enable = (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'setup' || !codeOk([false])) return;
    void run(async () => {
      const codes = await enableMfa(values.code.trim(), stage.currentPassword);
      setStage({ kind: 'codes', codes });
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordOk() || !codeOk([false, true])) return;
    void run(async () => {
      await disableMfa(values.code.trim(), values.currentPassword);
      reset();
      toast.success(t('disabled'));
      await fetchCurrentUser();
    });
  };

  const done = async () => {
    setStage({ kind: 'idle' });
    await fetchCurrentUser();
  };

  // Turned on once the codes are shown, though the user is reloaded only after they are saved.
  const enabled = user.mfaEnabled || stage.kind === 'codes';
  return (
    <section className="card mfa" aria-labelledby="mfa-title">
      <div className="mfa__header">
        <h2 id="mfa-title" className="mfa__title">
          {t('title')}
        </h2>
        <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? t('statusOn') : t('statusOff')}</Badge>
      </div>
      {stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} account={user.email} onSaved={done} />
      ) : stage.kind === 'setup' ? (
        <form className="mfa-step" onSubmit={enable} noValidate>
          {formError && <Alert tone="danger">{formError}</Alert>}
          <MfaKey secret={stage.setup.secret} otpauthUrl={stage.setup.otpauthUrl} />
          <p>{t('enterCode')}</p>
          <MfaCodeField label={t('code')} {...field('code')} />
          <div className="mfa-step__actions">
            <Button type="submit" loading={busy}>
              {t('enable')}
            </Button>
            <Button variant="secondary" onClick={() => setStage({ kind: 'idle' })}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : enabled ? (
        <form className="mfa-step" onSubmit={disable} noValidate>
          {formError && <Alert tone="danger">{formError}</Alert>}
          <p className="muted">{t('disableLead')}</p>
          <PasswordField
            label={t('currentPassword')}
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <MfaCodeField label={t('disableCode')} recovery {...field('code')} />
          <div className="mfa-step__actions">
            <Button type="submit" variant="danger" loading={busy}>
              {t('disable')}
            </Button>
          </div>
        </form>
      ) : (
        <form className="mfa-step" onSubmit={start} noValidate>
          {formError && <Alert tone="danger">{formError}</Alert>}
          {user.mfaSetupRequired && (
            <Alert tone="warning">
              <p>{t('required')}</p>
            </Alert>
          )}
          <p className="muted">{t('lead')}</p>
          <PasswordField
            label={t('currentPassword')}
            hint={t('passwordHint')}
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <div className="mfa-step__actions">
            <Button type="submit" loading={busy}>
              {t('start')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * A new authenticator key three ways: the QR code another device scans, a link that opens the
 * authenticator on this phone (`otpauth://`, which a phone cannot scan from its own screen), and the
 * key to type or copy. The profile's set-up and a staff invitation show it alike.
 */
export function MfaKey({ secret, otpauthUrl }: MfaSetupData) {
  const { t } = useTranslation(['security', 'errors']);
  return (
    <>
      <p>{t('security:scan')}</p>
      <QrCode text={otpauthUrl} label={t('security:qrLabel')} />
      <p>
        <a href={otpauthUrl} className="mfa-app-link">
          {t('security:openInApp')}
        </a>
      </p>
      <p className="muted">{t('security:manual')}</p>
      <div className="mfa-secret">
        <code className="mono">{secret}</code>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => copyWithToast(secret, t('security:keyCopied'), t('errors:profile.copyFailed'))}
        >
          <CopyIcon size={16} />
          {t('security:copyKey')}
        </Button>
      </div>
    </>
  );
}
