import { ADMIN_NOTE_MAX_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { adminApi } from '../api/admin-api';
import { LoadError } from '../components/load-state';
import { ModalSection } from '../components/modal-section';
import { type DetailsPartProps, useDetailDraft } from './use-detail-draft';

interface SaveButtonProps {
  label: string;
  saving: boolean;
  unchanged: boolean;
  locked: boolean;
  onSave: () => void;
}

function SaveButton({ label, saving, unchanged, locked, onSave }: SaveButtonProps) {
  return (
    <div>
      <Button size="sm" onClick={onSave} loading={saving} disabled={unchanged || locked}>
        {label}
      </Button>
    </div>
  );
}

/** The manager the application is assigned to. */
export function Assignment(props: DetailsPartProps) {
  const { application, locked } = props;
  const { t } = useTranslation('admin');
  const managers = useResource((signal) => adminApi.managers(signal), []);
  const {
    draft: assignee,
    setDraft: setAssignee,
    saving,
    save,
  } = useDetailDraft(props, application.assignedToId ?? '');

  const options = (managers.data ?? []).map((manager) => ({
    value: manager.id,
    label: manager.username ? `${manager.username} (${manager.email})` : manager.email,
  }));
  // The current assignee stays selectable even if no longer in the list (deactivated since).
  if (application.assignedToId && !options.some((option) => option.value === application.assignedToId)) {
    options.unshift({
      value: application.assignedToId,
      label: application.assignedTo ?? application.assignedToId,
    });
  }
  return (
    <ModalSection id="assignment-title" title={t('applications.detail.assignment')}>
      {managers.error ? (
        <LoadError
          title={t('applications.detail.managersError')}
          error={managers.error}
          onRetry={managers.reload}
        />
      ) : (
        <div className="stack stack--tight">
          <SelectField
            label={t('applications.detail.assignee')}
            value={assignee}
            placeholder={t('applications.detail.unassigned')}
            options={options}
            disabled={managers.loading || locked}
            onChange={(event) => setAssignee(event.target.value)}
          />
          <SaveButton
            label={t('applications.detail.saveAssignment')}
            saving={saving}
            locked={locked}
            unchanged={assignee === (application.assignedToId ?? '')}
            onSave={() =>
              save(
                { assignedToId: assignee || null },
                assignee ? t('applications.detail.assigned') : t('applications.detail.unassignedDone'),
              )
            }
          />
        </div>
      )}
    </ModalSection>
  );
}

/** The staff-only note. */
export function AdminNote(props: DetailsPartProps) {
  const { application, locked } = props;
  const { t } = useTranslation('admin');
  const { draft: note, setDraft: setNote, saving, save } = useDetailDraft(props, application.adminNote ?? '');
  return (
    <ModalSection id="note-title" title={t('applications.detail.note')}>
      <div className="stack stack--tight">
        <TextAreaField
          label={t('applications.detail.noteLabel')}
          value={note}
          rows={3}
          maxLength={ADMIN_NOTE_MAX_LENGTH}
          disabled={locked}
          onChange={(event) => setNote(event.target.value)}
        />
        <SaveButton
          label={t('applications.detail.saveNote')}
          saving={saving}
          locked={locked}
          unchanged={note.trim() === (application.adminNote ?? '')}
          onSave={() => save({ adminNote: note.trim() || null }, t('applications.detail.noteSaved'))}
        />
      </div>
    </ModalSection>
  );
}
