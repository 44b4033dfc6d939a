import { type FormEvent, useEffect, useState } from 'react';
import { assetLabel } from '../../../../../shared/assets';
import { ORIGIN_FUNDS_VALUE } from '../../../../../shared/constants';
import type { GeoTree } from '../../../../../shared/geo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { SwapIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { focusFirstInvalid } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { hasErrors } from '../../../lib/validation';
import { fetchGeoTree } from '../api/apply-api';
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
import { validateStandard } from '../lib/apply-validation';
import type { ContactProps, SubmitApplication } from './apply-page';
import { QuotePanel } from './quote-panel';
import { TelegramField } from './telegram-field';

const STANDARD_FIELDS: StandardField[] = ['continent', 'country', 'city', 'amount', 'contactTelegram'];

/** The server's field errors for the fields this form shows. */
function pick<F extends string>(errors: Record<string, string>, fields: F[]): Partial<Record<F, string>> {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => fields.includes(field as F)),
  ) as Partial<Record<F, string>>;
}

type GeoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; tree: GeoTree };

interface StandardFormProps {
  contact: ContactProps;
  errors: Partial<Record<StandardField, string>>;
  setErrors: (errors: Partial<Record<StandardField, string>>) => void;
  submit: SubmitApplication;
}

export function StandardForm({ contact, errors, setErrors, submit }: StandardFormProps) {
  const { t, language } = useTranslation(['forms', 'errors']);
  const [geo, setGeo] = useState<GeoState>({ status: 'loading' });
  const [form, setForm] = useState<StandardFormState>(INITIAL_STANDARD_FORM);
  const [submitting, setSubmitting] = useState(false);

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
    if (field && errors[field]) setErrors({ ...errors, [field]: undefined });
  };
  // Client errors are `forms` keys; server errors arrive as texts.
  const errorText = (field: StandardField) => {
    const error = errors[field];
    if (!error) return null;
    return error.startsWith('validation.') ? t(error) : error;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateStandard(form, contact.value, contact.check);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    setSubmitting(true);
    const done = await submit(
      {
        requestType: 'STANDARD',
        continent: form.continent,
        country: form.country,
        city: form.city,
        assetFrom: form.assetFrom,
        assetTo: form.assetTo,
        amount: parseAmount(form.amount),
        contactTelegram: contact.value.trim(),
        originFunds: ORIGIN_FUNDS_VALUE,
      },
      'apply.submitSuccess',
    );
    setSubmitting(false);
    if (done === true) setForm(INITIAL_STANDARD_FORM);
    else setErrors(pick(done, STANDARD_FIELDS));
  };

  if (geo.status === 'loading') {
    return (
      <p className="row muted">
        <Spinner decorative /> {t('apply.geoLoading')}
      </p>
    );
  }
  if (geo.status === 'error') return <Alert tone="danger">{t('errors:geo.loadFailed')}</Alert>;

  return (
    <form className="apply-form" onSubmit={onSubmit} noValidate>
      <fieldset className="apply-form__group">
        <legend className="apply-form__legend">{t('apply.locationTitle')}</legend>
        <div className="apply-form__grid apply-form__grid--3">
          <SelectField
            label={t('apply.continent')}
            name="continent"
            placeholder={t('apply.chooseContinent')}
            options={continents}
            value={form.continent}
            onChange={(event) => update(selectContinent(form, event.target.value), 'continent')}
            error={errorText('continent')}
          />
          <SelectField
            label={t('apply.country')}
            name="country"
            placeholder={t('apply.chooseCountry')}
            options={countries}
            value={form.country}
            disabled={!form.continent}
            onChange={(event) => {
              const picked = findCountry(tree, form.continent, event.target.value);
              update(selectCountry(form, event.target.value, picked?.localCurrency ?? null), 'country');
            }}
            error={errorText('country')}
          />
          <SelectField
            label={t('apply.city')}
            name="city"
            placeholder={t('apply.chooseCity')}
            options={cities}
            value={form.city}
            disabled={!form.country}
            onChange={(event) => update(selectCity(form, event.target.value), 'city')}
            error={errorText('city')}
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
          placeholder="0.00"
          value={form.amount}
          onChange={(event) => update({ ...form, amount: event.target.value }, 'amount')}
          error={errorText('amount')}
        />
        <QuotePanel assetFrom={form.assetFrom} assetTo={form.assetTo} amount={form.amount} />
      </fieldset>

      <TelegramField
        value={contact.value}
        check={contact.check}
        error={errorText('contactTelegram')}
        onChange={(value) => {
          contact.change(value);
          if (errors.contactTelegram) setErrors({ ...errors, contactTelegram: undefined });
        }}
        onBlur={contact.verify}
      />
      <Button type="submit" block loading={submitting}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
