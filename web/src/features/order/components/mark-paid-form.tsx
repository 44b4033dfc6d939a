import { type MarkPaidBody, txHashSchema } from '@shared/contract/deal';
import { fileProblem } from '@web/components/thread/attachment-checks';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { UploadRefused } from '@web/lib/api-client';
import { focusFirstInvalid } from '@web/lib/focus';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useRef, useState } from 'react';
import { sendReceipt } from '../api/order-api';

/**
 * "I have paid": within the payment window, once the payout details are given. The button asks to
 * confirm first (a tap by mistake would tell staff to look for money that never left), and the
 * dialog takes an optional receipt, sent in the application's thread as its proof; a client paying
 * in USDT may add the transaction's hash (checked by the shared rule before it is sent).
 */
export function MarkPaidForm({
  applicationId,
  withTxHash,
  cash,
  onMark,
}: {
  applicationId: string;
  withTxHash: boolean;
  /** Cash handed over at an office: the words say so. */
  cash: boolean;
  onMark: (body: MarkPaidBody) => Promise<void>;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [open, setOpen] = useState(false);

  return (
    <div className="stack order-paid">
      <h3 id="order-paid-title">{t('order.paid.title')}</h3>
      <p className="muted">{t(cash ? 'order.paid.leadCash' : 'order.paid.lead')}</p>
      <div>
        <Button onClick={() => setOpen(true)}>{t('order.paid.submit')}</Button>
      </div>
      <Modal open={open} title={t('order.paid.confirmTitle')} onClose={() => setOpen(false)}>
        <ConfirmPaid
          applicationId={applicationId}
          withTxHash={withTxHash}
          cash={cash}
          onMark={onMark}
          onClose={() => setOpen(false)}
        />
      </Modal>
    </div>
  );
}

function ConfirmPaid({
  applicationId,
  withTxHash,
  cash,
  onMark,
  onClose,
}: {
  applicationId: string;
  withTxHash: boolean;
  cash: boolean;
  onMark: (body: MarkPaidBody) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [txHash, setTxHash] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ txHash?: string; receipt?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // A receipt already sent is not sent again when "I have paid" itself failed and is tried again.
  const sentReceipt = useRef<{ file: File; id: string } | null>(null);

  const chooseReceipt = (file: File | null) => {
    setReceipt(file);
    const problem = file ? fileProblem(file) : null;
    setErrors((current) => ({
      ...current,
      receipt: problem ? t(`errors:thread.problems.${problem.key}`, problem.values) : undefined,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const hash = txHash.trim();
    const hashProblem = hash ? schemaErrorText(txHashSchema, hash) : null;
    if (hashProblem || errors.receipt) {
      setErrors((current) => ({ ...current, txHash: hashProblem ?? undefined }));
      focusFirstInvalid(form.current);
      return;
    }
    setSending(true);
    try {
      let receiptId: string | undefined;
      if (receipt) {
        if (sentReceipt.current?.file !== receipt)
          sentReceipt.current = {
            file: receipt,
            id: await sendReceipt(applicationId, receipt, t('order.paid.receiptMessage')),
          };
        receiptId = sentReceipt.current.id;
      }
      await onMark({ ...(hash ? { txHash: hash } : {}), ...(receiptId ? { receiptId } : {}) });
      toast.success(t('order.paid.done'));
      onClose();
    } catch (failure) {
      if (receipt && (failure instanceof UploadRefused || failure instanceof TypeError)) {
        setErrors({ receipt: t('errors:thread.problems.uploadFailed', { name: receipt.name }) });
        return;
      }
      const fieldErrors = fieldErrorTexts(failure);
      if (fieldErrors.txHash || fieldErrors.receiptId) {
        setErrors({ txHash: fieldErrors.txHash, receipt: fieldErrors.receiptId });
        focusFirstInvalid(form.current);
      } else setRefusal(refusalText(failure, t('order.paid.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={form} className="stack" onSubmit={submit} noValidate>
      <p>{t(cash ? 'order.paid.confirmCash' : 'order.paid.confirm')}</p>
      <TextField
        type="file"
        label={t('order.paid.receipt')}
        hint={t('order.paid.receiptHint')}
        error={errors.receipt ?? null}
        accept="image/jpeg,image/png,application/pdf"
        onChange={(event) => chooseReceipt(event.target.files?.[0] ?? null)}
      />
      {withTxHash && (
        <TextField
          label={t('order.paid.txHash')}
          hint={t('order.paid.txHashHint')}
          value={txHash}
          onChange={(event) => {
            setTxHash(event.target.value);
            setErrors((current) => ({ ...current, txHash: undefined }));
          }}
          error={errors.txHash ?? null}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
        />
      )}
      {refusal && <Alert tone="danger">{refusal}</Alert>}
      <div className="modal__footer">
        <Button variant="secondary" onClick={onClose} disabled={sending}>
          {t('order.paid.notYet')}
        </Button>
        <Button type="submit" loading={sending}>
          {t('order.paid.confirmSubmit')}
        </Button>
      </div>
    </form>
  );
}
