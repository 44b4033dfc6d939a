import { DETAILS_MAX_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import type { FieldErrors } from '@web/lib/validation';
import { type FormEvent, useState } from 'react';
import { type IndividualField, validateIndividual } from '../lib/apply-validation';
import type { SubmitApplication } from '../lib/submit-application';
import { TelegramField } from './telegram-field';
import { useApplyForm } from './use-apply-form';
import type { TelegramContact } from './use-telegram-contact';

const INDIVIDUAL_FIELDS: IndividualField[] = ['individualDetails', 'contactTelegram'];

interface IndividualFormProps {
  contact: TelegramContact;
  /** Maintenance: nothing can be sent. */
  closed: boolean;
  errors: FieldErrors<IndividualField>;
  setErrors: (errors: FieldErrors<IndividualField>) => void;
  submit: SubmitApplication;
}

/** Free-text details and the Telegram contact; a successful submit clears the details (§4). */
export function IndividualForm({ contact, closed, ...form }: IndividualFormProps) {
  const { t } = useTranslation('forms');
  const [details, setDetails] = useState('');
  const { errorText, clearError, submitting, send } = useApplyForm(form, INDIVIDUAL_FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const created = await send(
      event,
      validateIndividual(details, contact.value, contact.check),
      () => ({ requestType: 'INDIVIDUAL', details: details.trim(), contactTelegram: contact.value.trim() }),
      'apply.individualSubmitSuccess',
    );
    if (created) setDetails('');
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
      <Button type="submit" block loading={submitting} disabled={closed}>
        {t('apply.submitIndividual')}
      </Button>
    </form>
  );
}
