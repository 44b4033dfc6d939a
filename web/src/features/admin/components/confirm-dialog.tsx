import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action; the dangerous kind (irreversible) has a red confirm button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {children}
      <div className="modal__footer">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
