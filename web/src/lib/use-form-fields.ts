import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import type { FieldErrors } from './validation';

/**
 * A form of text fields: their values, each field's error and a message for the whole form.
 * Typing in a field clears its error and the form's message; `field(name)` gives a TextField
 * its name, value, change handler and error.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const empty = useRef(initial).current;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setFormError(null);
    },
    error: errors[name],
  });

  /** Back to the initial values, without errors (a modal opened again). */
  const reset = useCallback(() => {
    setValues(empty);
    setErrors({});
    setFormError(null);
  }, [empty]);

  return { values, errors, setErrors, formError, setFormError, field, reset };
}
