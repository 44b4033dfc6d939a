import { ORIGIN_FUNDS_VALUE } from '@shared/constants';
import type { ExchangeStatus } from '@shared/contract/hours';
import { amountLimitProblem, type Quote } from '@shared/contract/rates';
import { compare } from '@shared/money';
import { AssetPairFields } from '@web/components/quote/asset-pair-fields';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { clearApplyPrefill, pendingApplyPrefill } from '@web/lib/apply-prefill';
import { calculateQuote } from '@web/lib/exchange-api';
import {
  findCity,
  findContinent,
  findCountry,
  formFromChoice,
  INITIAL_STANDARD_FORM,
  localCurrencyOf,
  type OpenKinds,
  parseAmount,
  type StandardForm as StandardFormState,
  selectCity,
  selectContinent,
  selectCountry,
  withOfferedPair,
} from '@web/lib/exchange-form';
import { formatFixed } from '@web/lib/fixed-number';
import { useTranslation } from '@web/lib/i18n';
import { collator } from '@web/lib/intl-format';
import { usePublishedDirections } from '@web/lib/published-directions';
import { formatMoney } from '@web/lib/quote-format';
import { useGeoTree } from '@web/lib/use-geo-tree';
import { useQuote } from '@web/lib/use-quote';
import { emailError, type FieldErrors } from '@web/lib/validation';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useState } from 'react';
import { amountError, type StandardField, validateStandard } from '../lib/apply-validation';
import type { SubmitApplication } from '../lib/submit-application';
import { AmlAcknowledgement } from './aml-acknowledgement';
import { HoursNotice } from './hours-notice';
import { PayerCardField } from './payer-card-field';
import { QuotePanel } from './quote-panel';
import { TelegramField } from './telegram-field';
import { TierLimits, useMyLimits } from './tier-limits';
import { useApplyForm } from './use-apply-form';
import { usePairLimits } from './use-pair-limits';
import type { TelegramContact } from './use-telegram-contact';

const STANDARD_FIELDS: StandardField[] = [
  'continent',
  'country',
  'city',
  'amount',
  'contactTelegram',
  'amlAcknowledged',
  'payerCardId',
  'email',
];

interface StandardFormProps {
  contact: TelegramContact;
  /** Maintenance and the card schedule (null while unknown: nothing is held back). */
  exchange: ExchangeStatus | null;
  errors: FieldErrors<StandardField>;
  setErrors: (errors: FieldErrors<StandardField>) => void;
  submit: SubmitApplication;
  /**
   * A visitor applying without an account: their email, asked first; no saved cards to pay from,
   * and the limits a new client has (the server applies them).
   */
  guest?: { email: string; setEmail: (email: string) => void };
}

export function StandardForm({ contact, exchange, guest, ...props }: StandardFormProps) {
  const { t, language } = useTranslation(['forms', 'errors']);
  const geo = useGeoTree();
  const [form, setForm] = useState<StandardFormState>(INITIAL_STANDARD_FORM);
  const [amlAcknowledged, setAmlAcknowledged] = useState(false);
  const [payerCardId, setPayerCardId] = useState('');
  // The landing calculator's choice, read once: it opens the form as soon as the places tell
  // whether its city is still offered, and is gone for any later visit (docs/decisions.md).
  const [prefill] = useState(pendingApplyPrefill);
  const { errorText, clearError, submitting, send } = useApplyForm(props, STANDARD_FIELDS);
  const quote = useQuote(form.assetFrom, form.assetTo, form.amount, form.city);
  const limits = usePairLimits(form.assetFrom, form.assetTo);
  const myLimits = useMyLimits(!guest);
  const readyQuote = quote.status === 'ready' ? quote.quote : null;
  // The decimal separator of the UI language, in the placeholder; both `,` and `.` are accepted.
  const amountPlaceholder = formatFixed(0, 2, language);

  useEffect(() => {
    if (!prefill) return;
    clearApplyPrefill();
    if (geo.status !== 'ready') return;
    // Typed over already (the places were slow): what the user did since wins.
    setForm((current) => (current === INITIAL_STANDARD_FORM ? formFromChoice(geo.tree, prefill) : current));
  }, [prefill, geo]);

  const tree = geo.status === 'ready' ? geo.tree : [];
  const localCurrency = localCurrencyOf(tree, form);
  // Working hours (docs/product.md §4): cash while the chosen city is open, card while the card
  // schedule is; in maintenance nothing can be sent.
  const cardOpen = exchange?.cardHours.openNow ?? true;
  // Only the published directions' assets are offered (issue 40, defect 14).
  const published = usePublishedDirections();
  const openIn = useCallback(
    (cityKey: string): OpenKinds => ({
      cash: findCity(tree, cityKey)?.city.hours.openNow ?? true,
      card: cardOpen,
      published: published?.keys ?? null,
    }),
    [tree, cardOpen, published],
  );
  const open = openIn(form.city);
  // The published directions arrive after the form: a pair no longer offered moves to one that is.
  useEffect(() => {
    if (!published) return;
    setForm((current) => withOfferedPair(current, localCurrencyOf(tree, current), openIn(current.city)));
  }, [published, tree, openIn]);
  const city = findCity(tree, form.city)?.city;
  const pairOpen = [form.assetFrom, form.assetTo].every((asset) =>
    asset.startsWith('cash-') ? open.cash : asset.startsWith('card-') ? open.card : true,
  );
  const sendable = !exchange?.maintenance.active && pairOpen;
  const byName = (a: { label: string }, b: { label: string }) => collator(language).compare(a.label, b.label);
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
  const validateRules = async () => {
    const errors = validateStandard(form, contact.value, contact.check, readyQuote, amlAcknowledged);
    if (!errors.amount || !readyQuote || !amountLimitProblem(readyQuote)) return errors;
    const fresh = await calculateQuote({
      assetFrom: form.assetFrom,
      assetTo: form.assetTo,
      amount: parseAmount(form.amount),
      ...(form.city ? { city: form.city } : {}),
    }).catch(() => null);
    return validateStandard(form, contact.value, contact.check, fresh, amlAcknowledged);
  };

  /** The client's tier's limit as last read, against the quote of exactly this amount (the server decides either way). */
  const aboveTierLimit = (quote: Quote | null) => {
    const most = myLimits.data?.maxNow ?? null;
    if (!quote || most === null || quote.amount !== parseAmount(form.amount)) return null;
    if (compare(quote.amountUSD, most) <= 0) return null;
    const usd = (value: number) => `${formatMoney(value, language)} USD`;
    return t('apply.tierLimits.above', { amount: usd(most), worth: usd(quote.amountUSD) });
  };

  const validate = async () => {
    const rules = await validateRules();
    const emailProblem = guest ? emailError(guest.email) : null;
    const errors = emailProblem ? { ...rules, email: emailProblem } : rules;
    const aboveLimit = errors.amount ? null : aboveTierLimit(readyQuote);
    return aboveLimit ? { ...errors, amount: aboveLimit } : errors;
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
        amlAcknowledged: true,
        originFunds: ORIGIN_FUNDS_VALUE,
        ...(form.assetFrom.startsWith('card-') && payerCardId ? { payerCardId } : {}),
      }),
      'apply.submitSuccess',
    );
    if (created) {
      setForm(INITIAL_STANDARD_FORM);
      setAmlAcknowledged(false);
      myLimits.reload();
    }
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
            {...placeSelect('continent', (key) => selectContinent(form, key, openIn('')))}
          />
          <SelectField
            label={t('apply.country')}
            placeholder={t('apply.chooseCountry')}
            options={countries}
            disabled={!form.continent}
            {...placeSelect('country', (key) =>
              selectCountry(
                form,
                key,
                findCountry(tree, form.continent, key)?.localCurrency ?? null,
                openIn(''),
              ),
            )}
          />
          <SelectField
            label={t('apply.city')}
            placeholder={t('apply.chooseCity')}
            options={cities}
            disabled={!form.country}
            {...placeSelect('city', (key) => selectCity(form, key, localCurrency, openIn(key)))}
          />
        </div>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend className="apply-form__legend">{t('apply.exchangeTitle')}</legend>
        <HoursNotice city={city} cityName={city ? nodeOption(city).label : ''} exchange={exchange} />
        <AssetPairFields
          form={form}
          localCurrency={localCurrency}
          open={open}
          labels={{ give: t('apply.assetFrom'), receive: t('apply.assetTo'), swap: t('apply.swap') }}
          block="apply-form"
          onChange={update}
        />
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
        <TierLimits limits={myLimits.data} />
        {!guest && form.assetFrom.startsWith('card-') && (
          <PayerCardField value={payerCardId} onChange={setPayerCardId} error={errorText('payerCardId')} />
        )}
      </fieldset>

      {guest && (
        <TextField
          label={t('apply.guest.email')}
          hint={t('apply.guest.emailHint')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={guest.email}
          onChange={(event) => {
            guest.setEmail(event.target.value);
            clearError('email');
          }}
          error={errorText('email')}
        />
      )}
      <TelegramField
        contact={contact}
        error={errorText('contactTelegram')}
        onEdit={() => clearError('contactTelegram')}
      />
      <AmlAcknowledgement
        checked={amlAcknowledged}
        error={errorText('amlAcknowledged')}
        onChange={(checked) => {
          setAmlAcknowledged(checked);
          clearError('amlAcknowledged');
        }}
      />
      <Button type="submit" block loading={submitting} disabled={!sendable}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
