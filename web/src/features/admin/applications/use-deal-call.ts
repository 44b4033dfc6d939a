import type { AdminApplicationDetail } from '@shared/contract/applications';
import { ApiError } from '@web/lib/api-client';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts } from '@web/lib/refusal-text';
import { useState } from 'react';
import { notify } from '../lib/notify';

/** What a deal dialog learns from its call: done (close), or the fields the server refused (stay open). */
export type DealOutcome = { done: true } | { done: false; fieldErrors: Record<string, string> };

/**
 * Runs one of the deal's staff calls (instructions, confirmation, payout, refund). Success: the
 * toast, and `onDone` with the detail the server answered. A field the server refused: its rule's
 * text, for the dialog to show at the field. Any other refusal (409 TransitionNotAllowed when the
 * deal moved meanwhile, OwnApplication…): its code's text in a toast, and `onRefused` reloads the
 * detail so the panel offers what is allowed now.
 */
export function useDealCall(onDone: (detail: AdminApplicationDetail) => void, onRefused: () => void) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<AdminApplicationDetail>, success: string): Promise<DealOutcome> => {
    setBusy(true);
    try {
      const detail = await send();
      notify.success(success);
      onDone(detail);
      return { done: true };
    } catch (error) {
      const fieldErrors = fieldErrorTexts(error, (path) => path.split('.')[0] ?? path);
      if (error instanceof ApiError && Object.keys(fieldErrors).length > 0)
        return { done: false, fieldErrors };
      notify.failure(error, t('common.updateFailed'));
      onRefused();
      return { done: true };
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
