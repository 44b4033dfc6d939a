export { Alert, type AlertTone } from './alert';
export { Badge, type BadgeTone } from './badge';
export { Button, ButtonLink, buttonClass } from './button';
export { Checkbox, SelectField, type SelectOption, TextAreaField, TextField } from './field';
export * from './icons';
export { Modal } from './modal';
export { PageSpinner, Spinner } from './spinner';
export { ToastList } from './toaster';
