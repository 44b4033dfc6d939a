import { useToastStore } from '../../../stores/toast-store';

/** Success and error toasts of the admin screens, through the app's toast store. */
export const notify = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
};
