import { ApiError } from '@web/lib/api-client';
import { refusalText, ruleText } from '@web/lib/refusal-text';
import { useToastStore } from '@web/stores/toast-store';

/** Success and error toasts of the admin screens, through the app's toast store. */
export const notify = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  /**
   * A refused call, in the UI language. A refusal of a field comes as a generic "Validation failed."
   * with the broken rule in `errors`; where a toast is the only place to say it, the first field's
   * rule says more than the generic refusal.
   */
  failure: (error: unknown, fallback: string) => {
    const field = error instanceof ApiError ? error.errors[0] : undefined;
    notify.error(field ? ruleText(field) : refusalText(error, fallback));
  },
};
