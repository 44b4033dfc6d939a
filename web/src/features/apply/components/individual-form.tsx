import { DETAILS_MAX_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import type { FieldErrors } from '@web/lib/validation';
import { type FormEvent, useState } from 'react';
import { type IndividualField, validateIndividual } from '../lib/apply-validation';
import type { SubmitApplication } from '../lib/submit-application';
import { AmlAcknowledgement } from './aml-acknowledgement';
import { TelegramField } from './telegram-field';
import { useApplyForm } from './use-apply-form';
import type { TelegramContact } from './use-telegram-contact';

const INDIVIDUAL_FIELDS: IndividualField[] = ['individualDetails', 'contactTelegram', 'amlAcknowledged'];

interface IndividualFormProps {
  contact: TelegramContact;
  /** Maintenance: nothing can be sent. */
  closed: boolean;
  errors: FieldErrors<IndividualField>;
  setErrors: (errors: FieldErrors<IndividualField>) => void;
  submit: SubmitApplication;
}

/** Free-text details, the Telegram contact and the AML acknowledgement; a successful submit clears them (§4). */
export function IndividualForm({ contact, closed, ...form }: IndividualFormProps) {
  const { t } = useTranslation('forms');
  const [details, setDetails] = useState('');
  const [amlAcknowledged, setAmlAcknowledged] = useState(false);
  const { errorText, clearError, submitting, send } = useApplyForm(form, INDIVIDUAL_FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const created = await send(
      event,
      validateIndividual(details, contact.value, contact.check, amlAcknowledged),
      () => ({
        requestType: 'INDIVIDUAL',
        details: details.trim(),
        contactTelegram: contact.value.trim(),
        amlAcknowledged: true,
      }),
      'apply.individualSubmitSuccess',
    );
    if (created) {
      setDetails('');
      setAmlAcknowledged(false);
    }
  };

  return (
    <form className="apply-form" onSubmit={onSubmit} noValidate>
      <TextAreaField
        label={t('apply.details')}
        name="details"
        placeholder={t('apply.detailsPlaceholder')}
        hint={t('apply.detailsHint')}
        maxLength={DETAILS_MAX_LENGTH}
        rows={6}
        value={details}
        onChange={(event) => {
          setDetails(event.target.value);
          clearError('individualDetails');
        }}
        error={errorText('individualDetails')}
      />
      <TelegramField
        contact={contact}
        error={errorText('contactTelegram')}
        onEdit={() => clearError('contactTelegram')}
      />
      <AmlAcknowledgement
        checked={amlAcknowledged}
        error={errorText('amlAcknowledged')}
        onChange={(checked) => {
          setAmlAcknowledged(checked);
          clearError('amlAcknowledged');
        }}
      />
      <Button type="submit" block loading={submitting} disabled={closed}>
        {t('apply.submitIndividual')}
      </Button>
    </form>
  );
}
