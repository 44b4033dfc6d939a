import { withAtSign } from '@shared/telegram';
import { Alert } from '@web/components/ui/alert';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { ExternalIcon } from '@web/components/ui/icons';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { applicationPath } from '@web/config/application-path';
import { loginPath, paths } from '@web/config/paths';
import { SUPPORT_URL } from '@web/config/support';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { useAuthStore } from '@web/stores/auth-store';
import { toast } from '@web/stores/toast-store';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createApplication, createAsGuest } from '../api/apply-api';
import type { IndividualField, StandardField } from '../lib/apply-validation';
import type { SubmitApplication } from '../lib/submit-application';
import { MaintenanceNotice } from './hours-notice';
import { IndividualForm } from './individual-form';
import { StandardForm } from './standard-form';
import { useExchangeStatus } from './use-exchange-status';
import { useTelegramContact } from './use-telegram-contact';
import '../apply.css';

const MODES = ['standard', 'individual'] as const;
type Mode = (typeof MODES)[number];

/**
 * The application form (docs/product.md §5), once the session is known: its contact starts from
 * the signed-in client's Telegram, and a visitor applies as a guest.
 */
export function ApplyPage() {
  const { t } = useTranslation('forms');
  const initializing = useAuthStore((state) => state.initializing);
  return initializing ? <PageSpinner label={t('apply.title')} /> : <ApplyScreen />;
}

/**
 * A visitor who is not signed in applies as a guest: a standard application with an email
 * (docs/product.md §5 "Guest exchange"), straight to the new order with a session, or word that
 * the address's owner was mailed when it has an account.
 */
function ApplyScreen() {
  const { t, language } = useTranslation(['forms', 'errors']);
  const guest = !useAuthStore((state) => state.isAuthenticated);
  const [guestEmail, setGuestEmail] = useState('');
  const [mailedOwner, setMailedOwner] = useState<string | null>(null);
  const telegramId = useAuthStore((state) => state.user?.telegramId ?? null);
  const contact = useTelegramContact(telegramId ? withAtSign(telegramId) : '');
  const exchange = useExchangeStatus();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('standard');
  const [standardErrors, setStandardErrors] = useState<Partial<Record<StandardField, string>>>({});
  const [individualErrors, setIndividualErrors] = useState<Partial<Record<IndividualField, string>>>({});

  const switchMode = (next: Mode) => {
    setMode(next);
    setStandardErrors({});
    setIndividualErrors({});
  };

  const submit: SubmitApplication = async (body, successKey) => {
    if (contact.check === 'checking') {
      toast.blank(t('apply.waitForCheck'));
      return {};
    }
    try {
      let id: string;
      if (guest && body.requestType === 'STANDARD') {
        const answer = await createAsGuest(guestEmail.trim(), language, body);
        if (answer.outcome === 'confirmByMail') {
          setMailedOwner(guestEmail.trim());
          return true;
        }
        useAuthStore.getState().startSession(answer.session);
        id = answer.application.id;
      } else {
        id = await createApplication(body);
      }
      toast.success(t(successKey));
      // Straight to the new order: what to pay and where is there, not on an emptied form.
      navigate(applicationPath(id));
      return true;
    } catch (error) {
      // A guest's fields come under `application.` (the email at the top).
      const fieldErrors = fieldErrorTexts(error, (path) =>
        path === 'details' ? 'individualDetails' : path.replace(/^application\./, '').split('.')[0]!,
      );
      // A refusal of fields says more by its first field's rule than by its own "check the fields".
      toast.error(Object.values(fieldErrors)[0] ?? refusalText(error, t('errors:application.submitError')));
      return fieldErrors;
    }
  };

  const standardForm = (
    <StandardForm
      contact={contact}
      exchange={exchange}
      errors={standardErrors}
      setErrors={setStandardErrors}
      submit={submit}
      {...(guest ? { guest: { email: guestEmail, setEmail: setGuestEmail } } : {})}
    />
  );

  return (
    <div className="container page apply-page">
      <header className="apply-page__header">
        <div>
          <h1 className="page__title">{t('apply.title')}</h1>
          <p className="page__lead">{t('apply.lead')}</p>
        </div>
        <a className="support-link" href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
          {t('apply.support')}
          <ExternalIcon size={16} />
          <span className="visually-hidden">{t('apply.opensInNewTab')}</span>
        </a>
      </header>
      <div className="card apply-card">
        <MaintenanceNotice exchange={exchange} />
        {mailedOwner ? (
          <Alert tone="info">
            <p>{t('apply.guest.mailedOwner', { email: mailedOwner })}</p>
            <Link to={loginPath(paths.apply)}>{t('apply.guest.signIn')}</Link>
          </Alert>
        ) : guest ? (
          <>
            <p className="muted apply-card__hint">
              {t('apply.guest.lead')} <Link to={loginPath(paths.apply)}>{t('apply.guest.signIn')}</Link>
            </p>
            {standardForm}
          </>
        ) : (
          <>
            <ChoiceButtons
              className="mode-switch"
              legend={t('apply.modeLabel')}
              options={MODES.map((option) => ({ value: option, label: t(`apply.modes.${option}`) }))}
              value={mode}
              onChange={switchMode}
            />
            <p className="muted apply-card__hint">{t(`apply.modeHints.${mode}`)}</p>
            {mode === 'standard' ? (
              standardForm
            ) : (
              <IndividualForm
                contact={contact}
                closed={exchange?.maintenance.active ?? false}
                errors={individualErrors}
                setErrors={setIndividualErrors}
                submit={submit}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
