import type { ApplicationDetail } from '@shared/contract/applications';
import { cardNumberSchema, type PayoutDetailsBody, tronAddressSchema } from '@shared/contract/deal';
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
 * Where the client receives (docs/product.md §4 "The deal"): the TRON address for USDT or the card
 * for a card payout, shown as the server answers it (a card masked), and the form to give or change
 * it while the deal allows. The shared schemas check the value before it is sent, with the server's
 * texts.
 */
export function PayoutDetailsForm({
  kind,
  current,
  editable,
  onSave,
}: {
  kind: 'address' | 'card';
  current: ApplicationDetail['payoutDetails'];
  editable: boolean;
  onSave: (body: PayoutDetailsBody) => Promise<void>;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const schema = kind === 'address' ? tronAddressSchema : cardNumberSchema;
  const shown = current ? (current.kind === 'address' ? current.address : current.card) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const problem = schemaErrorText(schema, value);
    if (problem) {
      setError(problem);
      focusFirstInvalid(form.current);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const parsed = schema.parse(value);
      await onSave(kind === 'address' ? { address: parsed } : { card: parsed });
      setValue('');
      toast.success(t('order.payout.saved'));
    } catch (failure) {
      const fieldError = fieldErrorTexts(failure)[kind];
      if (fieldError) {
        setError(fieldError);
        focusFirstInvalid(form.current);
      } else setRefusal(refusalText(failure, t('order.payout.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="stack">
      <p className="order-payout__current">
        {shown ? (
          <>
            {t(`order.payout.current.${kind}`)} <code className="order-copyables__value">{shown}</code>
          </>
        ) : (
          <span className="muted">{t('order.payout.none')}</span>
        )}
      </p>
      {editable && (
        <form ref={form} className="stack" onSubmit={submit} noValidate>
          <TextField
            label={t(shown ? `order.payout.change.${kind}` : `order.payout.label.${kind}`)}
            hint={t(`order.payout.hint.${kind}`)}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            error={error}
            autoComplete={kind === 'card' ? 'cc-number' : 'off'}
            inputMode={kind === 'card' ? 'numeric' : 'text'}
            spellCheck={false}
            autoCapitalize="off"
          />
          {refusal && <Alert tone="danger">{refusal}</Alert>}
          <div>
            <Button type="submit" loading={saving}>
              {t('order.payout.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
