import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { toast } from '@web/stores/toast-store';
import { useState } from 'react';

/** Cancelling the application, after a confirmation in a dialog. */
export function CancelOrder({ shortId, onCancel }: { shortId: string; onCancel: () => Promise<void> }) {
  const { t } = useTranslation(['profile', 'errors']);
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const confirm = async () => {
    setCancelling(true);
    try {
      await onCancel();
      setOpen(false);
      toast.success(t('order.cancel.done'));
    } catch (error) {
      setOpen(false);
      toast.error(refusalText(error, t('errors:application.cancelFailed')));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('order.cancel.open')}
      </Button>
      <Modal open={open} title={t('order.cancel.title', { id: shortId })} onClose={() => setOpen(false)}>
        <p>{t('order.cancel.text')}</p>
        <div className="row">
          <Button variant="danger" loading={cancelling} onClick={confirm}>
            {t('order.cancel.yes')}
          </Button>
          <Button variant="secondary" disabled={cancelling} onClick={() => setOpen(false)}>
            {t('order.cancel.no')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
