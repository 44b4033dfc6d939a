import type { ApplicationDetail } from '@shared/contract/applications';
import {
  cardNumberSchema,
  type PayoutDetailsBody,
  sbpBankSchema,
  sbpPhoneSchema,
  tronAddressSchema,
} from '@shared/contract/deal';
import { sbpBankName } from '@shared/sbp-banks';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { SelectField, TextField } from '@web/components/ui/field';
import { focusFirstInvalid } from '@web/lib/focus';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useRef, useState } from 'react';

/** How a card payout is received: to the card's number, or by SBP to the account of a phone number. */
type CardWay = 'card' | 'sbp';
const CARD_WAYS: readonly CardWay[] = ['card', 'sbp'];

/** The form's fields: the address or card number, or the SBP phone and bank. */
type Field = 'value' | 'phone' | 'bank';

/**
 * Where the client receives (docs/product.md §4 "The deal"): the TRON address for USDT, or for a
 * card payout the card or, where the direction pays to SBP banks, a phone number and one of those
 * banks; shown as the server answers it (a card or phone masked), and the form to give or change it
 * while the deal allows. The shared schemas check the values before they are sent, with the
 * server's texts.
 */
export function PayoutDetailsForm({
  kind,
  current,
  sbpBanks,
  editable,
  onSave,
}: {
  kind: 'address' | 'card';
  current: ApplicationDetail['payoutDetails'];
  /** The SBP banks the direction pays to; empty: a card only. */
  sbpBanks: ApplicationDetail['sbpBanks'];
  editable: boolean;
  onSave: (body: PayoutDetailsBody) => Promise<void>;
}) {
  const { t, language } = useTranslation(['profile', 'errors']);
  const offersSbp = kind === 'card' && sbpBanks.length > 0;
  const [way, setWay] = useState<CardWay>(current?.kind === 'sbp' && offersSbp ? 'sbp' : 'card');
  const [values, setValues] = useState<Record<Field, string>>({ value: '', phone: '', bank: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const bySbp = offersSbp && way === 'sbp';
  const valueSchema = kind === 'address' ? tronAddressSchema : cardNumberSchema;
  const shown = (details: NonNullable<typeof current>) =>
    details.kind === 'address'
      ? details.address
      : details.kind === 'card'
        ? details.card
        : `${sbpBankName(details.bank, language)}, ${details.phone}`;

  const change = (field: Field, text: string) => {
    setValues({ ...values, [field]: text });
    setErrors({ ...errors, [field]: undefined });
  };

  /** The body to send, or null after marking what the shared schemas refuse. */
  const checked = (): PayoutDetailsBody | null => {
    const problems: Partial<Record<Field, string | null>> = bySbp
      ? {
          phone: schemaErrorText(sbpPhoneSchema, values.phone),
          bank: schemaErrorText(sbpBankSchema, values.bank),
        }
      : { value: schemaErrorText(valueSchema, values.value) };
    const found = Object.fromEntries(Object.entries(problems).filter(([, text]) => text)) as typeof errors;
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    if (bySbp) return { phone: sbpPhoneSchema.parse(values.phone), bank: values.bank };
    const parsed = valueSchema.parse(values.value);
    return kind === 'address' ? { address: parsed } : { card: parsed };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const body = checked();
    if (!body) {
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    try {
      await onSave(body);
      setValues({ value: '', phone: '', bank: '' });
      toast.success(t('order.payout.saved'));
    } catch (failure) {
      const fields = fieldErrorTexts(failure);
      const found = bySbp ? { phone: fields.phone, bank: fields.bank } : { value: fields[kind] };
      if (Object.values(found).some(Boolean)) {
        setErrors(found);
        focusFirstInvalid(form.current);
      } else setRefusal(refusalText(failure, t('order.payout.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const labelOf = (name: string) => t(current ? `order.payout.change.${name}` : `order.payout.label.${name}`);
  return (
    <div className="stack">
      <p className="order-payout__current">
        {current ? (
          <>
            {t(`order.payout.current.${current.kind}`)}{' '}
            <code className="order-copyables__value">{shown(current)}</code>
          </>
        ) : (
          <span className="muted">{t('order.payout.none')}</span>
        )}
      </p>
      {editable && (
        <form ref={form} className="stack" onSubmit={submit} noValidate>
          {offersSbp && (
            <ChoiceButtons
              className="mode-switch"
              legend={t('order.payout.way.legend')}
              options={CARD_WAYS.map((option) => ({ value: option, label: t(`order.payout.way.${option}`) }))}
              value={way}
              onChange={(option) => {
                setWay(option);
                setErrors({});
              }}
            />
          )}
          {bySbp ? (
            <>
              <TextField
                label={labelOf('phone')}
                hint={t('order.payout.hint.phone')}
                value={values.phone}
                onChange={(event) => change('phone', event.target.value)}
                error={errors.phone}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
              />
              <SelectField
                label={t('order.payout.bank')}
                placeholder={t('order.payout.bankPlaceholder')}
                options={sbpBanks.map((id) => ({ value: id, label: sbpBankName(id, language) }))}
                value={values.bank}
                onChange={(event) => change('bank', event.target.value)}
                error={errors.bank}
              />
            </>
          ) : (
            <TextField
              label={labelOf(kind)}
              hint={t(`order.payout.hint.${kind}`)}
              value={values.value}
              onChange={(event) => change('value', event.target.value)}
              error={errors.value}
              autoComplete={kind === 'card' ? 'cc-number' : 'off'}
              inputMode={kind === 'card' ? 'numeric' : 'text'}
              spellCheck={false}
              autoCapitalize="off"
            />
          )}
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
