import { type FormHTMLAttributes, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React hydrates prerendered HTML (and in the prerender itself), true from the render
 * after; a screen rendered in the browser without prerendered HTML gets true at once.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * A form on a prerendered page (docs/architecture.md §13): its controls are disabled until the
 * form has hydrated. Before that the browser shows the form but no script handles it, so a submit
 * would send the fields in the URL (a password with them), and what was typed would not reach the
 * form's state. The fieldset wraps the form, so the form's own layout is untouched.
 */
export function PrerenderedForm(props: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-gate" disabled={!hydrated}>
      <form {...props} />
    </fieldset>
  );
}
