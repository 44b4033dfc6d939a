import { REJECTION_REASON_MAX_LENGTH } from '@shared/contract/applications';
import { Button } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { type FormEvent, useEffect, useRef, useState } from 'react';

interface RejectDialogProps {
  open: boolean;
  applicationLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Choosing REJECTED asks for a reason, which the user will see (docs/product.md §4, §5): it may not be blank. */
export function RejectDialog({ open, applicationLabel, busy, onConfirm, onClose }: RejectDialogProps) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // The dialog focuses its first control (the close button); the reason is what to type first.
  useEffect(() => {
    if (open) form.current?.querySelector('textarea')?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(t('applications.reject.required'));
      return;
    }
    onConfirm(trimmed);
  };

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title={t('applications.reject.title', { id: applicationLabel })} onClose={close}>
      <form ref={form} className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label={t('applications.reject.reason')}
          hint={t('applications.reject.hint')}
          value={reason}
          error={error}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          rows={4}
          required
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {t('applications.reject.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
