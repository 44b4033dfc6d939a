import { type PartnerPayoutBody, partnerPayoutBodySchema } from '@shared/contract/partners';
import { issueProblem } from '@shared/field-rules';
import { compare, decimal, decimalText } from '@shared/money';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useState } from 'react';
import { partnerApi } from '../api/partner-api';
import { formatUsdt, typedAmount } from '../lib/partner-format';

type Field = keyof PartnerPayoutBody;
type FieldErrors = Partial<Record<Field, string>>;

interface PayoutRequestProps {
  /** What may be paid out now and the least payout, USDT decimal strings as the server sends them. */
  available: string;
  minimum: string;
  onRequested: () => void;
}

/**
 * A payout of earned USDT to a TRC-20 address (docs/product.md "Partners"): the amount starts as all
 * that is available; the form refuses what the server would (the address's checksum, an amount
 * below the minimum or above the balance) before it sends, and is closed, saying why, while less
 * than the minimum is available.
 */
export function PayoutRequest({ available, minimum, onRequested }: PayoutRequestProps) {
  const { t, language } = useTranslation(['profile', 'errors']);
  const [amount, setAmount] = useState(() => decimalText(available));
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const closedBecause =
    decimal(available).units <= 0n
      ? t('partner.payout.nothing')
      : compare(available, minimum) < 0
        ? t('partner.payout.belowMinimum', {
            minimum: formatUsdt(minimum, language),
            available: formatUsdt(available, language),
          })
        : null;

  const check = (body: PartnerPayoutBody): FieldErrors => {
    const found: FieldErrors = {};
    for (const issue of partnerPayoutBodySchema.safeParse(body).error?.issues ?? []) {
      const field = issue.path[0] as Field;
      found[field] ??= ruleText(issueProblem(issue));
    }
    if (found.amount) return found;
    if (decimal(body.amount).units === 0n || compare(body.amount, minimum) < 0) {
      found.amount = ruleText({ code: 'partnerPayoutMinimum', params: { minimum: decimalText(minimum) } });
    } else if (compare(body.amount, available) > 0) {
      found.amount = t('errors:codes.PartnerPayoutOverBalance', { available: decimalText(available) });
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { amount: typedAmount(amount), address: address.trim() };
    const found = check(body);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await partnerApi.requestPayout(body);
      toast.success(t('partner.payout.requested'));
      onRequested();
    } catch (error) {
      const fields = fieldErrorTexts(error);
      const placed: FieldErrors = { amount: fields.amount, address: fields.address };
      setErrors(placed);
      if (!placed.amount && !placed.address) setFormError(refusalText(error, t('partner.payout.failed')));
    } finally {
      setBusy(false);
    }
  };

  /** A field typed in: its error and the form's go, until the next submit. */
  const typed = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };
  const closed = closedBecause !== null;

  return (
    <section className="card" aria-labelledby="partner-payout-title">
      <h2 id="partner-payout-title">{t('partner.payout.title')}</h2>
      <p className="muted">{t('partner.payout.minimum', { minimum: formatUsdt(minimum, language) })}</p>
      {closedBecause && <Alert tone="info">{closedBecause}</Alert>}
      <form className="stack" onSubmit={submit} noValidate>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField
          label={t('partner.payout.amount')}
          inputMode="decimal"
          autoComplete="off"
          disabled={closed}
          value={amount}
          error={errors.amount}
          hint={t('partner.payout.available', { available: formatUsdt(available, language) })}
          onChange={(event) => {
            setAmount(event.target.value);
            typed('amount');
          }}
        />
        <TextField
          label={t('partner.payout.address')}
          className="mono"
          autoComplete="off"
          spellCheck={false}
          disabled={closed}
          value={address}
          error={errors.address}
          onChange={(event) => {
            setAddress(event.target.value);
            typed('address');
          }}
        />
        <Button type="submit" loading={busy} disabled={closed}>
          {t('partner.payout.submit')}
        </Button>
      </form>
    </section>
  );
}
