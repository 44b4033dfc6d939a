import { type MarkPaidBody, txHashSchema } from '@shared/contract/deal';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { focusFirstInvalid } from '@web/lib/focus';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useRef, useState } from 'react';

/**
 * "I have paid": within the payment window, once the payout details are given. A client paying in
 * USDT may add the transaction's hash (checked by the shared rule before it is sent).
 */
export function MarkPaidForm({
  withTxHash,
  onMark,
}: {
  withTxHash: boolean;
  onMark: (body: MarkPaidBody) => Promise<void>;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [txHash, setTxHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const hash = txHash.trim();
    const problem = hash ? schemaErrorText(txHashSchema, hash) : null;
    if (problem) {
      setError(problem);
      focusFirstInvalid(form.current);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onMark(hash ? { txHash: hash } : {});
      toast.success(t('order.paid.done'));
    } catch (failure) {
      const fieldError = fieldErrorTexts(failure).txHash;
      if (fieldError) {
        setError(fieldError);
        focusFirstInvalid(form.current);
      } else setRefusal(refusalText(failure, t('order.paid.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={form}
      className="stack order-paid"
      onSubmit={submit}
      noValidate
      aria-labelledby="order-paid-title"
    >
      <h3 id="order-paid-title">{t('order.paid.title')}</h3>
      <p className="muted">{t('order.paid.lead')}</p>
      {withTxHash && (
        <TextField
          label={t('order.paid.txHash')}
          hint={t('order.paid.txHashHint')}
          value={txHash}
          onChange={(event) => {
            setTxHash(event.target.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
        />
      )}
      {refusal && <Alert tone="danger">{refusal}</Alert>}
      <div>
        <Button type="submit" loading={sending}>
          {t('order.paid.submit')}
        </Button>
      </div>
    </form>
  );
}
