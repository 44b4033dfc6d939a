import { shortId } from '@shared/ids';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { useState } from 'react';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';

/**
 * When a row (a rate, a value, a reserve) was last changed, and by whom: the staff member's name as
 * the server answers it (`updatedByName`), never the id; an id whose account is gone shows shortened.
 */
export function Changed({ at, by, name }: { at: string; by: string | null; name?: string | null }) {
  const { t, language } = useTranslation('admin');
  return (
    <span className="changed">
      <span className="nowrap">{formatDateTime(at, language)}</span>
      <span className="muted changed__by">
        {by === null ? t('common.bySystem') : (name ?? shortId(by, 8))}
      </span>
    </span>
  );
}

/**
 * A table row edited in place (rates, reserves): its draft (null while not editing) and the send
 * that saves a change with `save`. After a save the row leaves editing with the `saved` toast;
 * after a refusal the server's field errors go to `onFieldErrors` (by the last part of their path).
 */
export function useRowEdit<D, C>(save: (change: C) => Promise<void>, saved: string) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<D | null>(null);
  const [saving, setSaving] = useState(false);
  const send = async (change: C, onFieldErrors: (fields: Record<string, string>) => void) => {
    setSaving(true);
    try {
      await save(change);
      setDraft(null);
      notify.success(saved);
    } catch (error) {
      onFieldErrors(fieldErrorTexts(error, (path) => path.split('.').pop() ?? path));
      // The field errors show under their cells; the toast carries the overall refusal.
      notify.error(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, send };
}

interface CellInputProps {
  value: string;
  /** The accessible name: the column and the row. */
  label: string;
  error: string | null | undefined;
  errorId: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** A number edited in its table cell: Enter saves, Escape cancels; its error shows beneath. */
export function CellInput({ value, label, error, errorId, onChange, onSave, onCancel }: CellInputProps) {
  return (
    <span className="cell-edit">
      <input
        className="input input--sm input--num"
        inputMode="decimal"
        value={value}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSave();
          if (event.key === 'Escape') onCancel();
        }}
      />
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
    </span>
  );
}

export function SaveOrCancel({
  saving,
  onSave,
  onCancel,
}: {
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Button size="sm" onClick={onSave} loading={saving}>
        {t('common.save')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
    </>
  );
}
