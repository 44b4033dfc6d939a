import { withAtSign } from '@shared/telegram';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { ExternalIcon } from '@web/components/ui/icons';
import { applicationPath } from '@web/config/application-path';
import { SUPPORT_URL } from '@web/config/support';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { useAuthStore } from '@web/stores/auth-store';
import { toast } from '@web/stores/toast-store';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createApplication } from '../api/apply-api';
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

export function ApplyPage() {
  const { t } = useTranslation(['forms', 'errors']);
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
      const id = await createApplication(body);
      toast.success(t(successKey));
      // Straight to the new order: what to pay and where is there, not on an emptied form.
      navigate(applicationPath(id));
      return true;
    } catch (error) {
      const fieldErrors = fieldErrorTexts(error, (path) =>
        path === 'details' ? 'individualDetails' : path.split('.')[0]!,
      );
      // A refusal of fields says more by its first field's rule than by its own "check the fields".
      toast.error(Object.values(fieldErrors)[0] ?? refusalText(error, t('errors:application.submitError')));
      return fieldErrors;
    }
  };

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
        <ChoiceButtons
          className="mode-switch"
          legend={t('apply.modeLabel')}
          options={MODES.map((option) => ({ value: option, label: t(`apply.modes.${option}`) }))}
          value={mode}
          onChange={switchMode}
        />
        <p className="muted apply-card__hint">{t(`apply.modeHints.${mode}`)}</p>
        {mode === 'standard' ? (
          <StandardForm
            contact={contact}
            exchange={exchange}
            errors={standardErrors}
            setErrors={setStandardErrors}
            submit={submit}
          />
        ) : (
          <IndividualForm
            contact={contact}
            closed={exchange?.maintenance.active ?? false}
            errors={individualErrors}
            setErrors={setIndividualErrors}
            submit={submit}
          />
        )}
      </div>
    </div>
  );
}
