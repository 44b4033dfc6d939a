import type { LedgerAccountView } from '@shared/contract/ledger';
import {
  PAYMENT_TEMPLATE_KINDS,
  type PaymentTemplateKind,
  type PaymentTemplateView,
  TEMPLATE_AVAILABILITIES,
} from '@shared/contract/payment-templates';
import { accountNameIn } from '@shared/ledger';
import { isTronAddress } from '@shared/tron-address';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { SelectField, type SelectGroup, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { geoKeyName } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { notify } from '../lib/notify';
import {
  addressProblem,
  checkDraft,
  draftOf,
  emptyDraft,
  fittingAccounts,
  LIMIT_FIELDS,
  pooledKind,
  type TemplateDraft,
  type TemplateField,
} from './template-form';

interface TemplateModalProps {
  /** The template edited; none for a new one. */
  template?: PaymentTemplateView;
  /** The fiat currencies the rates know (null while they load). */
  currencies: string[] | null;
  /** The cities, grouped by country (null while the tree loads). */
  cities: SelectGroup[] | null;
  /** The books' accounts its money may be booked on (null while they load). */
  accounts: LedgerAccountView[] | null;
  onClose: () => void;
  onSaved: (template: PaymentTemplateView) => void;
}

/** A select's options with the current value kept, should it no longer be offered (a currency gone from the rates). */
function withCurrent(options: Array<{ value: string; label: string }>, current: string) {
  return current && !options.some((option) => option.value === current)
    ? [{ value: current, label: current }, ...options]
    : options;
}

/**
 * A new template (its kind chosen first) or an edit of one (its kind fixed): the form checks what
 * the server checks with the server's own schema and texts before saving, the TRON address as it is
 * typed; the server's field errors land on the same fields.
 */
export function TemplateModal({
  template,
  currencies,
  cities,
  accounts,
  onClose,
  onSaved,
}: TemplateModalProps) {
  const { t, language } = useTranslation('admin');
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? draftOf(template) : emptyDraft()));
  const [tried, setTried] = useState(false);
  const [addressLeft, setAddressLeft] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const checked = checkDraft(draft);
  const typedAddress = draft.kind === 'usdt' ? addressProblem(draft.address, addressLeft || tried) : null;
  const errors: Record<string, string> = {
    ...(tried && checked.problems
      ? Object.fromEntries(
          Object.entries(checked.problems).map(([path, problem]) => [path, ruleText(problem)]),
        )
      : {}),
    ...(typedAddress ? { address: ruleText(typedAddress) } : {}),
    ...serverErrors,
  };

  // An account fits one currency (a cash desk an office): another currency or kind asks for it again.
  const set = (field: TemplateField, value: string) => {
    setDraft((current) => ({
      ...current,
      [field]: value,
      ...(field === 'currency' ? { accountId: '' } : {}),
    }));
    const answered = field === 'currency' ? [field, 'accountId'] : [field, `limits.${field}`];
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !answered.includes(path))),
    );
  };
  const chooseKind = (kind: PaymentTemplateKind) => {
    setDraft((current) => ({ ...current, kind, accountId: '' }));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setGeneral(null);
    if (!checked.body) return;
    setSaving(true);
    try {
      const saved = template
        ? await adminApi.updatePaymentTemplate(template.id, checked.body)
        : await adminApi.createPaymentTemplate(checked.body);
      notify.success(t('payments.saved'));
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  const addressValid = isTronAddress(draft.address.trim());
  // A template's city no longer offered (switched off) stays choosable, under its key's name.
  const cityOffered = (cities ?? []).some((group) =>
    group.options.some((option) => option.value === draft.city),
  );
  return (
    <Modal
      open
      title={template ? t('payments.form.editTitle', { label: template.label }) : t('payments.form.newTitle')}
      onClose={onClose}
    >
      <form className="stack template-form" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        {template ? (
          <p className="template-form__kind">
            <span className="muted">{t('payments.form.kind')}: </span>
            {t(`payments.kinds.${template.kind}`)}
          </p>
        ) : (
          <ChoiceButtons
            legend={t('payments.form.kind')}
            options={PAYMENT_TEMPLATE_KINDS.map((kind) => ({
              value: kind,
              label: t(`payments.kinds.${kind}`),
            }))}
            value={draft.kind}
            onChange={chooseKind}
            className="segmented"
          />
        )}
        <TextField
          label={t('payments.form.label')}
          hint={t('payments.form.labelHint')}
          value={draft.label}
          error={errors.label}
          autoComplete="off"
          onChange={(event) => set('label', event.target.value)}
        />
        {draft.kind === 'card' && (
          <SelectField
            label={t('payments.form.currency')}
            value={draft.currency}
            error={errors.currency}
            placeholder={currencies ? t('payments.form.chooseCurrency') : t('common.loading')}
            disabled={!currencies}
            options={withCurrent(
              (currencies ?? []).map((code) => ({ value: code, label: code })),
              draft.currency,
            )}
            onChange={(event) => set('currency', event.target.value)}
          />
        )}
        {draft.kind === 'card' && (
          <>
            <TextField
              label={t('payments.form.number')}
              hint={t('payments.form.numberHint')}
              value={draft.number}
              error={errors.number}
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set('number', event.target.value)}
            />
            <TextField
              label={t('payments.form.bank')}
              value={draft.bank}
              error={errors.bank}
              autoComplete="off"
              onChange={(event) => set('bank', event.target.value)}
            />
            <TextField
              label={t('payments.form.holder')}
              value={draft.holder}
              error={errors.holder}
              autoComplete="off"
              onChange={(event) => set('holder', event.target.value)}
            />
          </>
        )}
        {draft.kind === 'office' && (
          <SelectField
            label={t('payments.form.city')}
            value={draft.city}
            error={errors.city}
            placeholder={cities ? t('payments.form.chooseCity') : t('common.loading')}
            disabled={!cities}
            options={draft.city && !cityOffered ? [{ value: draft.city, label: geoKeyName(draft.city) }] : []}
            groups={cities ?? []}
            onChange={(event) => set('city', event.target.value)}
          />
        )}
        {draft.kind === 'usdt' ? (
          <TextField
            label={t('payments.form.address')}
            hint={addressValid ? t('payments.form.addressValid') : t('payments.form.addressHint')}
            value={draft.address}
            error={errors.address}
            className="template-form__address"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => set('address', event.target.value)}
            onBlur={() => setAddressLeft(true)}
          />
        ) : (
          <TextAreaField
            label={t('payments.form.details')}
            hint={t(`payments.form.detailsHint.${draft.kind}`)}
            value={draft.details}
            error={errors.details}
            rows={5}
            onChange={(event) => set('details', event.target.value)}
          />
        )}
        <SelectField
          label={t('payments.form.account')}
          hint={t('payments.form.accountHint')}
          value={draft.accountId}
          error={errors.accountId}
          placeholder={accounts ? t('payments.form.accountNone') : t('common.loading')}
          disabled={!accounts}
          options={withCurrent(
            fittingAccounts(accounts ?? [], draft).map((account) => ({
              value: account.id,
              label: t('payments.form.accountOption', {
                name: accountNameIn(account, language),
                currency: account.currency,
              }),
            })),
            draft.accountId,
          )}
          onChange={(event) => set('accountId', event.target.value)}
        />
        {pooledKind(draft.kind) && (
          <fieldset className="template-form__pool">
            <legend>{t('payments.pool.legend')}</legend>
            <p className="muted template-form__note">{t('payments.pool.hint')}</p>
            <ChoiceButtons
              legend={t('payments.pool.availability')}
              options={TEMPLATE_AVAILABILITIES.map((availability) => ({
                value: availability,
                label: t(`payments.pool.availabilities.${availability}`),
              }))}
              value={draft.availability}
              onChange={(availability) => setDraft((current) => ({ ...current, availability }))}
              className="segmented"
            />
            <p className="muted template-form__note">
              {t(`payments.pool.availabilityHints.${draft.availability}`)}
            </p>
            <div className="template-form__limits">
              {LIMIT_FIELDS.map((field) => {
                const amount = field === 'dayAmount' || field === 'monthAmount';
                return (
                  <TextField
                    key={field}
                    label={t(`payments.pool.${field}`, {
                      currency: draft.kind === 'usdt' ? 'USDT' : draft.currency || '…',
                    })}
                    value={draft[field]}
                    error={errors[`limits.${field}`]}
                    inputMode={amount ? 'decimal' : 'numeric'}
                    placeholder={t('payments.pool.noLimit')}
                    autoComplete="off"
                    onChange={(event) => set(field, event.target.value)}
                  />
                );
              })}
            </div>
          </fieldset>
        )}
        {template && <p className="muted template-form__note">{t('payments.form.issuedKeep')}</p>}
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
