import type { BlacklistKind } from '@shared/blacklist';
import type { BlacklistEntryView } from '@shared/contract/blacklist';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { notify } from '../lib/notify';
import { blacklistApi } from './blacklist-api';
import { checkEntry, EMPTY_DRAFT, type EntryDraft } from './entry-form';

/**
 * Lists a value of one kind: the form checks it with the server's own schema and texts before it
 * sends; the server's field errors land on the same fields, and a value listed already (409) is
 * said above them.
 */
export function AddEntryModal({
  kind,
  onClose,
  onAdded,
}: {
  kind: BlacklistKind;
  onClose: () => void;
  onAdded: (entry: BlacklistEntryView) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<EntryDraft>(EMPTY_DRAFT);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const checked = checkEntry(kind, draft);
  const errors: Record<string, string> = {
    ...(tried && checked.problems
      ? Object.fromEntries(
          Object.entries(checked.problems).map(([path, problem]) => [path, ruleText(problem)]),
        )
      : {}),
    ...serverErrors,
  };
  const set = (field: keyof EntryDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _answered, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setGeneral(null);
    if (!checked.body) return;
    setSaving(true);
    try {
      const entry = await blacklistApi.add(checked.body);
      notify.success(t('blacklists.added'));
      onAdded(entry);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('blacklists.form.title', { kind: t(`blacklists.kinds.${kind}`) })} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        <TextField
          label={t(`blacklists.form.value.${kind}`)}
          hint={t(`blacklists.form.hint.${kind}`)}
          value={draft.value}
          error={errors.value}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode={kind === 'card' ? 'numeric' : undefined}
          onChange={(event) => set('value', event.target.value)}
        />
        {kind === 'card' && (
          <TextField
            label={t('blacklists.form.holder')}
            value={draft.holder}
            error={errors.holder}
            autoComplete="off"
            onChange={(event) => set('holder', event.target.value)}
          />
        )}
        <TextAreaField
          label={t('blacklists.form.reason')}
          value={draft.reason}
          error={errors.reason}
          rows={3}
          onChange={(event) => set('reason', event.target.value)}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('blacklists.form.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
