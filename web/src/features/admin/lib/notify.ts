import { ApiError } from '@web/lib/api-client';
import { localizeServerMessage, serverErrorText } from '@web/lib/server-message';
import { useToastStore } from '@web/stores/toast-store';

/** Success and error toasts of the admin screens, through the app's toast store. */
export const notify = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  /**
   * A refused call, in the UI language. The staff API answers in English, and a refusal of a field
   * comes as a generic "Validation failed." with the reason in `errors`; where a toast is the only
   * place to say it, the first field's reason says more than the generic message.
   */
  failure: (error: unknown, fallback: string) => {
    const field = error instanceof ApiError ? error.errors[0]?.msg : undefined;
    notify.error(field ? localizeServerMessage(field) : serverErrorText(error, fallback));
  },
};
