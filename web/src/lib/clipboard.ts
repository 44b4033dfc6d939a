import { toast } from '../stores/toast-store';

/**
 * Copies text to the clipboard and says so in a toast: `copied`, or `failed` where the browser
 * offers no clipboard or refuses it.
 */
export async function copyWithToast(text: string, copied: string, failed: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(failed);
  }
}
