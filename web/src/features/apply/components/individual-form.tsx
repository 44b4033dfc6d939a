import { type FormEvent, useState } from 'react';
import { DETAILS_MAX_LENGTH } from '../../../../../shared/contract/applications';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { focusFirstInvalid } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { hasErrors } from '../../../lib/validation';
import { type IndividualField, validateIndividual } from '../lib/apply-validation';
import type { ContactProps, SubmitApplication } from './apply-page';
import { TelegramField } from './telegram-field';

interface IndividualFormProps {
  contact: ContactProps;
  errors: Partial<Record<IndividualField, string>>;
  setErrors: (errors: Partial<Record<IndividualField, string>>) => void;
  submit: SubmitApplication;
}

/** Free-text details and the Telegram contact; a successful submit clears the details (§4). */
export function IndividualForm({ contact, errors, setErrors, submit }: IndividualFormProps) {
  const { t } = useTranslation('forms');
  const [details, setDetails] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const errorText = (field: IndividualField) => {
    const error = errors[field];
    if (!error) return null;
    return error.startsWith('validation.') ? t(error) : error;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateIndividual(details, contact.value, contact.check);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    setSubmitting(true);
    const done = await submit(
      { requestType: 'INDIVIDUAL', details: details.trim(), contactTelegram: contact.value.trim() },
      'apply.individualSubmitSuccess',
    );
    setSubmitting(false);
    if (done === true) setDetails('');
    else
      setErrors(
        Object.fromEntries(
          Object.entries(done).filter(
            ([field]) => field === 'individualDetails' || field === 'contactTelegram',
          ),
        ),
      );
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
          if (errors.individualDetails) setErrors({ ...errors, individualDetails: undefined });
        }}
        error={errorText('individualDetails')}
      />
      <TelegramField
        value={contact.value}
        check={contact.check}
        error={errorText('contactTelegram')}
        onChange={(value) => {
          contact.change(value);
          if (errors.contactTelegram) setErrors({ ...errors, contactTelegram: undefined });
        }}
        onBlur={contact.verify}
      />
      <Button type="submit" block loading={submitting}>
        {t('apply.submitIndividual')}
      </Button>
    </form>
  );
}
