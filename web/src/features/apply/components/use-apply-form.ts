import type { CreateApplicationBody } from '@shared/contract/applications';
import { focusFirstInvalid } from '@web/lib/focus';
import { useTranslation } from '@web/lib/i18n';
import { type FieldErrors, hasErrors } from '@web/lib/validation';
import { type FormEvent, useState } from 'react';
import type { SubmitApplication } from '../lib/submit-application';

interface ApplyFormProps<F extends string> {
  errors: FieldErrors<F>;
  setErrors: (errors: FieldErrors<F>) => void;
  submit: SubmitApplication;
}

/**
 * What both application forms do alike: show their errors (client errors are `forms` keys, the
 * server's arrive as texts), clear a field's error when it changes, and submit once valid.
 * `fields` are the fields the form shows, so only their server errors are kept.
 */
export function useApplyForm<F extends string>(
  { errors, setErrors, submit }: ApplyFormProps<F>,
  fields: F[],
) {
  const { t } = useTranslation('forms');
  const [submitting, setSubmitting] = useState(false);

  const errorText = (field: F) => {
    const error = errors[field];
    if (!error) return null;
    return error.startsWith('validation.') ? t(error) : error;
  };

  const clearError = (field: F) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  /**
   * Shows `found` (focusing the first invalid field; it may have to be awaited) or sends the body. True once the application
   * is created, for the form to start afresh.
   */
  const send = async (
    event: FormEvent<HTMLFormElement>,
    found: FieldErrors<F> | Promise<FieldErrors<F>>,
    body: () => CreateApplicationBody,
    successKey: string,
  ) => {
    event.preventDefault();
    // Read before any wait: React clears currentTarget once the event has been handled.
    const form = event.currentTarget;
    const errors = await found;
    setErrors(errors);
    if (hasErrors(errors)) {
      focusFirstInvalid(form);
      return false;
    }
    setSubmitting(true);
    const done = await submit(body(), successKey);
    setSubmitting(false);
    if (done === true) return true;
    setErrors(
      Object.fromEntries(
        Object.entries(done).filter(([field]) => fields.includes(field as F)),
      ) as FieldErrors<F>,
    );
    return false;
  };

  return { errorText, clearError, submitting, send };
}
