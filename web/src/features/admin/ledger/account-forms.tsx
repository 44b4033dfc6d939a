import { assetLabel, FIAT_KINDS, fiatAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import {
  type LedgerAccountsData,
  type LedgerAccountView,
  ledgerAccountBodySchema,
  ledgerAdjustmentBodySchema,
  ledgerTransferBodySchema,
} from '@shared/contract/ledger';
import { accountNameIn, OFFICE_ACCOUNT_KINDS, type OfficeAccountKind } from '@shared/ledger';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox, SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ledgerApi } from './ledger-api';
import { amountInput, formatLedgerAmount } from './ledger-format';
import { useLedgerForm } from './use-ledger-form';

/** The currencies offered when opening an account, besides those the books already hold. */
const SUGGESTED_CURRENCIES = ['RUB', 'USD', 'EUR', 'USDT'];
const CURRENCY_LIST_ID = 'ledger-currencies';

/** The assets an account of a currency can serve: cash and card of a fiat currency, or USDT. */
function assetsOf(currency: string): string[] {
  if (currency === 'USDT') return [CRYPTO_ASSET];
  return /^[A-Z]{3}$/.test(currency) ? FIAT_KINDS.map((kind) => fiatAssetKey(kind, currency)) : [];
}

/** A form in a modal: its refusal above the fields, Cancel and the submit button under them. */
function FormModal({
  title,
  general,
  saving,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  general: string | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal open title={title} onClose={onClose}>
      <form className="stack ledger-form" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        {children}
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Opens an office account (an ADMIN's): a name, its kind, its currency, the assets whose money it
 * takes in and pays out, and the office of a cash desk or the address of a wallet. It opens empty;
 * its opening balance is recorded next, on its row.
 */
export function OpenAccountModal({
  currencies,
  onClose,
  onSaved,
}: {
  currencies: string[];
  onClose: () => void;
  onSaved: (account: LedgerAccountView) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState({
    name: '',
    kind: 'cash' as OfficeAccountKind,
    currency: '',
    assets: [] as string[],
    office: '',
    address: '',
  });
  const form = useLedgerForm(ledgerAccountBodySchema, ledgerApi.openAccount, {
    savedText: t('ledger.open.saved'),
    onSaved,
  });
  const set = (changes: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.edited(field);
  };
  const currency = draft.currency.trim().toUpperCase();
  const offered = assetsOf(currency);
  const wallet = draft.kind === 'wallet';
  const submit = () =>
    form.submit({
      name: draft.name,
      kind: draft.kind,
      currency,
      assets: draft.assets.filter((asset) => offered.includes(asset)),
      office: wallet || !draft.office.trim() ? null : draft.office.trim(),
      address: wallet && draft.address.trim() ? draft.address.trim() : null,
    });
  const suggestions = [...new Set([...currencies, ...SUGGESTED_CURRENCIES])];
  return (
    <FormModal
      title={t('ledger.open.title')}
      general={form.general}
      saving={form.saving}
      submitLabel={t('ledger.open.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('ledger.open.name')}
        hint={t('ledger.open.nameHint')}
        value={draft.name}
        error={form.errors.name}
        autoComplete="off"
        onChange={(event) => set({ name: event.target.value })}
      />
      <SelectField
        label={t('ledger.open.kind')}
        value={draft.kind}
        error={form.errors.kind}
        options={OFFICE_ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`ledger.kinds.${kind}`) }))}
        onChange={(event) => set({ kind: event.target.value as OfficeAccountKind })}
      />
      <TextField
        label={t('ledger.open.currency')}
        hint={t('ledger.open.currencyHint')}
        value={draft.currency}
        error={form.errors.currency}
        list={CURRENCY_LIST_ID}
        maxLength={4}
        autoCapitalize="characters"
        autoComplete="off"
        onChange={(event) => set({ currency: event.target.value })}
      />
      <datalist id={CURRENCY_LIST_ID}>
        {suggestions.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <fieldset className="ledger-form__assets">
        <legend className="field__label">{t('ledger.open.assets')}</legend>
        {offered.length === 0 && <p className="muted">{t('ledger.open.assetsFirst')}</p>}
        {offered.map((asset) => (
          <Checkbox
            key={asset}
            label={assetLabel(asset, { cash: t('assets.cash'), card: t('assets.card') })}
            checked={draft.assets.includes(asset)}
            onChange={(event) =>
              set({
                assets: event.target.checked
                  ? [...draft.assets, asset]
                  : draft.assets.filter((chosen) => chosen !== asset),
              })
            }
          />
        ))}
        {form.errors.assets && <p className="field__error">{form.errors.assets}</p>}
      </fieldset>
      {wallet ? (
        <TextField
          label={t('ledger.open.address')}
          value={draft.address}
          error={form.errors.address}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => set({ address: event.target.value })}
        />
      ) : (
        <TextField
          label={t('ledger.open.office')}
          hint={t('ledger.open.officeHint')}
          value={draft.office}
          error={form.errors.office}
          autoComplete="off"
          onChange={(event) => set({ office: event.target.value })}
        />
      )}
    </FormModal>
  );
}

/** The amount and the written reason every correction and transfer carries. */
function AmountAndReason({
  amount,
  reason,
  errors,
  amountHint,
  onAmount,
  onReason,
}: {
  amount: string;
  reason: string;
  errors: Record<string, string>;
  amountHint: string;
  onAmount: (amount: string) => void;
  onReason: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <TextField
        label={t('ledger.form.amount')}
        hint={amountHint}
        value={amount}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        onChange={(event) => onAmount(event.target.value)}
      />
      <TextAreaField
        label={t('ledger.form.reason')}
        hint={t('ledger.form.reasonHint')}
        value={reason}
        error={errors.reason}
        rows={3}
        onChange={(event) => onReason(event.target.value)}
      />
    </>
  );
}

/**
 * An office account's opening balance (offered while it has no postings) or a correction with a
 * written reason (an ADMIN's): signed, a minus takes money out.
 */
export function AdjustModal({
  account,
  onClose,
  onSaved,
}: {
  account: LedgerAccountView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, language } = useTranslation('admin');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [opening, setOpening] = useState(account.postings === 0);
  const form = useLedgerForm(ledgerAdjustmentBodySchema, (body) => ledgerApi.adjust(account.id, body), {
    savedText: opening ? t('ledger.adjustForm.openingSaved') : t('ledger.adjustForm.saved'),
    onSaved,
  });
  const submit = () =>
    form.submit({ amount: amountInput(amount, language), reason, ...(opening ? { opening: true } : {}) });
  return (
    <FormModal
      title={t(opening ? 'ledger.adjustForm.openingTitle' : 'ledger.adjustForm.title', {
        name: accountNameIn(account, language),
      })}
      general={form.general}
      saving={form.saving}
      submitLabel={t('ledger.adjustForm.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">
        {t('ledger.adjustForm.now', {
          amount: formatLedgerAmount(account.balance, account.currency, language),
        })}
      </p>
      {account.postings === 0 && (
        <Checkbox
          label={t('ledger.adjustForm.opening')}
          checked={opening}
          onChange={(event) => setOpening(event.target.checked)}
        />
      )}
      <AmountAndReason
        amount={amount}
        reason={reason}
        errors={form.errors}
        amountHint={t('ledger.form.signedHint', { currency: account.currency })}
        onAmount={(value) => {
          setAmount(value);
          form.edited('amount');
        }}
        onReason={(value) => {
          setReason(value);
          form.edited('reason');
        }}
      />
    </FormModal>
  );
}

/** Money moved between two office accounts of one currency, with a reason (an ADMIN's). */
export function TransferModal({
  accounts,
  onClose,
  onSaved,
}: {
  accounts: LedgerAccountView[];
  onClose: () => void;
  onSaved: (data: LedgerAccountsData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const office = accounts.filter((account) => account.side === 'office');
  const [draft, setDraft] = useState({ from: '', to: '', amount: '', reason: '' });
  const form = useLedgerForm(ledgerTransferBodySchema, ledgerApi.transfer, {
    savedText: t('ledger.transferForm.saved'),
    onSaved,
  });
  const set = (changes: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.edited(field);
  };
  const from = office.find((account) => account.id === draft.from);
  const option = (account: LedgerAccountView) => ({
    value: account.id,
    label: `${accountNameIn(account, language)} (${formatLedgerAmount(account.balance, account.currency, language)})`,
  });
  return (
    <FormModal
      title={t('ledger.transferForm.title')}
      general={form.general}
      saving={form.saving}
      submitLabel={t('ledger.transferForm.submit')}
      onSubmit={() => form.submit({ ...draft, amount: amountInput(draft.amount, language) })}
      onClose={onClose}
    >
      <SelectField
        label={t('ledger.transferForm.from')}
        value={draft.from}
        error={form.errors.from}
        placeholder={t('ledger.transferForm.choose')}
        options={office.map(option)}
        onChange={(event) => set({ from: event.target.value, to: '' })}
      />
      <SelectField
        label={t('ledger.transferForm.to')}
        value={draft.to}
        error={form.errors.to}
        placeholder={t('ledger.transferForm.choose')}
        disabled={!from}
        options={office
          .filter((account) => from && account.currency === from.currency && account.id !== from.id)
          .map(option)}
        onChange={(event) => set({ to: event.target.value })}
      />
      <AmountAndReason
        amount={draft.amount}
        reason={draft.reason}
        errors={form.errors}
        amountHint={t('ledger.transferForm.amountHint')}
        onAmount={(amount) => set({ amount })}
        onReason={(reason) => set({ reason })}
      />
    </FormModal>
  );
}
