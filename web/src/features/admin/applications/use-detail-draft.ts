import type {
  AdminApplicationDetail,
  AdminApplicationView,
  UpdateDetailsBody,
} from '@shared/contract/applications';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { notify } from '../lib/notify';

export interface DetailsPartProps {
  application: AdminApplicationDetail;
  /** The staff member's own application: shown, not editable (the server refuses with 403 too). */
  locked: boolean;
  onChanged: (row: AdminApplicationView) => void;
}

/**
 * The assignment or the note, edited in place: the draft (reset when the saved value changes) and
 * its save, with a toast either way and the changed row on success.
 */
export function useDetailDraft({ application, onChanged }: DetailsPartProps, saved: string) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(saved), [saved]);

  const save = async (body: UpdateDetailsBody, done: string) => {
    setSaving(true);
    try {
      const answer = await adminApi.updateDetails(application.id, body);
      notify.success(done);
      onChanged(answer.data);
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, save };
}
