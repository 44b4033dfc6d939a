import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

/** The id and ARIA state that tie a control to its label, hint and error message. */
function controlProps(id: string, error?: string | null, hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Shown inside the input at the right (the Telegram check's spinner, tick or cross). */
  adornment?: ReactNode;
}

export function TextField({ label, error, hint, adornment, className, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="field__control">
        <input
          {...controlProps(id, error, hint)}
          className={`input${adornment ? ' input--with-adornment' : ''} ${className ?? ''}`.trim()}
          {...rest}
        />
        {adornment && <span className="field__adornment">{adornment}</span>}
      </div>
    </FieldFrame>
  );
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete'> {
  /** Whether the browser should offer the saved password or suggest a new one. */
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Options under a heading of their own (`<optgroup>`): the cities of a country. */
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options?: SelectOption[];
  groups?: SelectGroup[];
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
}

function Options({ options }: { options: SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export function SelectField({
  label,
  options = [],
  groups = [],
  placeholder,
  error,
  hint,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select {...controlProps(id, error, hint)} className="select" {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <Options options={options} />
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            <Options options={group.options} />
          </optgroup>
        ))}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea {...controlProps(id, error, hint)} className="textarea" {...rest} />
    </FieldFrame>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function Checkbox({ label, error, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="checkbox">
        <input {...controlProps(id, error)} type="checkbox" {...rest} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
