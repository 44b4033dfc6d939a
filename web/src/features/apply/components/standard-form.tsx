import { assetLabel } from '@shared/assets';
import { ORIGIN_FUNDS_VALUE } from '@shared/constants';
import { amountLimitMessage } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { SwapIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import type { FieldErrors } from '@web/lib/validation';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { calculateQuote, fetchGeoTree } from '../api/apply-api';
import {
  findContinent,
  findCountry,
  giveOptions,
  INITIAL_STANDARD_FORM,
  localCurrencyOf,
  parseAmount,
  receiveOptions,
  type StandardField,
  type StandardForm as StandardFormState,
  selectAssetFrom,
  selectAssetTo,
  selectCity,
  selectContinent,
  selectCountry,
  swapAssets,
} from '../lib/apply-form';
import { amountError, validateStandard } from '../lib/apply-validation';
import type { SubmitApplication } from '../lib/submit-application';
import { QuotePanel } from './quote-panel';
import { TelegramField } from './telegram-field';
import { useApplyForm } from './use-apply-form';
import { usePairLimits } from './use-pair-limits';
import { useQuote } from './use-quote';
import type { TelegramContact } from './use-telegram-contact';

const STANDARD_FIELDS: StandardField[] = ['continent', 'country', 'city', 'amount', 'contactTelegram'];

type GeoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; tree: GeoTree };

interface StandardFormProps {
  contact: TelegramContact;
  errors: FieldErrors<StandardField>;
  setErrors: (errors: FieldErrors<StandardField>) => void;
  submit: SubmitApplication;
}

export function StandardForm({ contact, ...props }: StandardFormProps) {
  const { t, language } = useTranslation(['forms', 'errors']);
  const [geo, setGeo] = useState<GeoState>({ status: 'loading' });
  const [form, setForm] = useState<StandardFormState>(INITIAL_STANDARD_FORM);
  const { errorText, clearError, submitting, send } = useApplyForm(props, STANDARD_FIELDS);
  const quote = useQuote(form.assetFrom, form.assetTo, form.amount);
  const limits = usePairLimits(form.assetFrom, form.assetTo);
  const readyQuote = quote.status === 'ready' ? quote.quote : null;
  // The decimal separator of the UI language, in the placeholder; both `,` and `.` are accepted.
  const amountPlaceholder = new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', {
    minimumFractionDigits: 2,
  }).format(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchGeoTree(controller.signal).then(
      (tree) => setGeo({ status: 'ready', tree }),
      () => {
        if (!controller.signal.aborted) setGeo({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  const tree = geo.status === 'ready' ? geo.tree : [];
  const localCurrency = localCurrencyOf(tree, form);
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, language);
  const nodeOption = (node: { key: string; defaultName: string; names: Record<string, string> }) => ({
    value: node.key,
    label: node.names[language] || node.defaultName,
  });
  const continents = tree.filter((node) => node.isActive).map(nodeOption);
  const continent = findContinent(tree, form.continent);
  const countries = (continent?.countries ?? [])
    .filter((node) => node.isActive)
    .map(nodeOption)
    .sort(byName);
  const country = findCountry(tree, form.continent, form.country);
  const cities = (country?.cities ?? [])
    .filter((node) => node.isActive)
    .map(nodeOption)
    .sort(byName);
  const fiatLabels = { cash: t('apply.assets.cash'), card: t('apply.assets.card') };
  const assetOption = (key: string) => ({ value: key, label: assetLabel(key, fiatLabels) });

  const update = (next: StandardFormState, field?: StandardField) => {
    setForm(next);
    if (field) clearError(field);
  };

  /** What the location selects share: picking a place changes the form and clears that field's error. */
  const placeSelect = (
    field: 'continent' | 'country' | 'city',
    pick: (key: string) => StandardFormState,
  ) => ({
    name: field,
    value: form[field],
    onChange: (event: ChangeEvent<HTMLSelectElement>) => update(pick(event.target.value), field),
    error: errorText(field),
  });

  /**
   * The form's rules; a minimum or maximum refused by the quote read earlier is checked again against
   * a fresh quote, since the settings or rates may have changed since (the server decides either way).
   */
  const validate = async () => {
    const errors = validateStandard(form, contact.value, contact.check, readyQuote);
    if (!errors.amount || !readyQuote || !amountLimitMessage(readyQuote)) return errors;
    const fresh = await calculateQuote({
      assetFrom: form.assetFrom,
      assetTo: form.assetTo,
      amount: parseAmount(form.amount),
    }).catch(() => null);
    return validateStandard(form, contact.value, contact.check, fresh);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const created = await send(
      event,
      validate(),
      () => ({
        requestType: 'STANDARD',
        continent: form.continent,
        country: form.country,
        city: form.city,
        assetFrom: form.assetFrom,
        assetTo: form.assetTo,
        amount: parseAmount(form.amount),
        contactTelegram: contact.value.trim(),
        originFunds: ORIGIN_FUNDS_VALUE,
      }),
      'apply.submitSuccess',
    );
    if (created) setForm(INITIAL_STANDARD_FORM);
  };

  if (geo.status === 'error') return <Alert tone="danger">{t('errors:geo.loadFailed')}</Alert>;

  return (
    // While the places load, the form is already laid out (the continent select says it is loading),
    // so their arrival moves nothing.
    <form className="apply-form" onSubmit={onSubmit} noValidate aria-busy={geo.status === 'loading'}>
      <fieldset className="apply-form__group">
        <legend className="apply-form__legend">{t('apply.locationTitle')}</legend>
        <div className="apply-form__grid apply-form__grid--3">
          <SelectField
            label={t('apply.continent')}
            placeholder={t(geo.status === 'loading' ? 'apply.geoLoading' : 'apply.chooseContinent')}
            options={continents}
            disabled={geo.status === 'loading'}
            {...placeSelect('continent', (key) => selectContinent(form, key))}
          />
          <SelectField
            label={t('apply.country')}
            placeholder={t('apply.chooseCountry')}
            options={countries}
            disabled={!form.continent}
            {...placeSelect('country', (key) =>
              selectCountry(form, key, findCountry(tree, form.continent, key)?.localCurrency ?? null),
            )}
          />
          <SelectField
            label={t('apply.city')}
            placeholder={t('apply.chooseCity')}
            options={cities}
            disabled={!form.country}
            {...placeSelect('city', (key) => selectCity(form, key))}
          />
        </div>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend className="apply-form__legend">{t('apply.exchangeTitle')}</legend>
        <div className="apply-form__pair">
          <SelectField
            label={t('apply.assetFrom')}
            name="assetFrom"
            options={giveOptions(localCurrency).map(assetOption)}
            value={form.assetFrom}
            onChange={(event) => update(selectAssetFrom(form, event.target.value, localCurrency))}
          />
          <button
            type="button"
            className="icon-btn apply-form__swap"
            aria-label={t('apply.swap')}
            title={t('apply.swap')}
            onClick={() => update(swapAssets(form, localCurrency))}
          >
            <SwapIcon />
          </button>
          <SelectField
            label={t('apply.assetTo')}
            name="assetTo"
            options={receiveOptions(form.assetFrom, localCurrency).map(assetOption)}
            value={form.assetTo}
            onChange={(event) => update(selectAssetTo(form, event.target.value, localCurrency))}
          />
        </div>
        <TextField
          label={t('apply.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={amountPlaceholder}
          value={form.amount}
          onChange={(event) => update({ ...form, amount: event.target.value }, 'amount')}
          onBlur={() => {
            const error = form.amount.trim() ? amountError(form, readyQuote) : null;
            if (error) props.setErrors({ ...props.errors, amount: error });
          }}
          error={errorText('amount')}
        />
        <QuotePanel state={quote} limits={limits} assetFrom={form.assetFrom} assetTo={form.assetTo} />
      </fieldset>

      <TelegramField
        contact={contact}
        error={errorText('contactTelegram')}
        onEdit={() => clearError('contactTelegram')}
      />
      <Button type="submit" block loading={submitting}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
