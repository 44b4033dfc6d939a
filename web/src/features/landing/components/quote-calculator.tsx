import type { Quote } from '@shared/contract/rates';
import { AssetPairFields } from '@web/components/quote/asset-pair-fields';
import { MaintenanceNotice, useMaintenance } from '@web/components/quote/maintenance-notice';
import { QuoteFigures } from '@web/components/quote/quote-figures';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PrerenderedForm } from '@web/components/ui/prerendered-form';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { saveApplyPrefill } from '@web/lib/apply-prefill';
import {
  findCity,
  INITIAL_STANDARD_FORM,
  localCurrencyOf,
  type OpenKinds,
  type StandardForm,
  selectPlace,
  withOfferedPair,
} from '@web/lib/exchange-form';
import { formatFixed } from '@web/lib/fixed-number';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';
import { formFromMonitorLink, monitorLinkOf } from '@web/lib/monitor-link';
import { cityGroups } from '@web/lib/place-options';
import { usePublishedDirections } from '@web/lib/published-directions';
import { useGeoTree } from '@web/lib/use-geo-tree';
import { type QuoteState, quoteRefusalText, useQuote } from '@web/lib/use-quote';
import { type FormEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { amountInputRule } from '../lib/amount-input';
import { TierAllowance } from './tier-allowance';

/**
 * The landing hero's quote calculator: a city, the pair under the apply form's rules
 * (shared in lib/exchange-form), an amount, and the live quote for it. Its Apply button carries
 * the choice to /apply, through registration (or the login it links to) for a visitor
 * (docs/decisions.md "Quote hand-off"). Loaded lazily after the hero has painted; every state
 * keeps the size the prerendered page reserved (landing.css `.calc`).
 */
export default function QuoteCalculator() {
  const { t, language } = useTranslation('common');
  const navigate = useNavigate();
  const geo = useGeoTree();
  const [form, setForm] = useState<StandardForm>(INITIAL_STANDARD_FORM);
  const tree = useMemo(() => (geo.status === 'ready' ? geo.tree : []), [geo]);
  // Sorted once per tree and language, not at every keystroke in the amount.
  const cityOptions = useMemo(() => cityGroups(tree, language), [tree, language]);
  const localCurrency = localCurrencyOf(tree, form);
  const published = usePublishedDirections();
  // Cash only while the chosen city is open (docs/product.md §4 "Working hours"); card hours are the
  // server's to judge here, and a closed card direction is refused with its opening time. Only
  // the published directions' assets are offered.
  const openIn = useCallback(
    (cityKey: string): OpenKinds => ({
      cash: findCity(tree, cityKey)?.city.hours.openNow ?? true,
      card: true,
      published: published?.keys ?? null,
    }),
    [tree, published],
  );
  const open = openIn(form.city);
  // A monitor's deep link chooses the direction and city once the places and directions are in.
  const location = useLocation();
  const pendingLink = useRef(monitorLinkOf(location.search));
  // What the visitor chose wins over a link applied after it (its directions arrive a moment later).
  const chosen = useRef(false);
  const choose = (next: StandardForm) => {
    chosen.current = true;
    setForm(next);
  };
  const placesReady = geo.status === 'ready';
  // The published directions arrive after the form: a pair no longer offered moves to one that is.
  useEffect(() => {
    const link = pendingLink.current;
    if (link && placesReady && published) {
      pendingLink.current = null;
      const linked = chosen.current
        ? null
        : formFromMonitorLink(link, INITIAL_STANDARD_FORM, tree, published.list, openIn);
      if (linked) {
        setForm(linked);
        return;
      }
    }
    setForm((current) => withOfferedPair(current, localCurrencyOf(tree, current), openIn(current.city)));
  }, [tree, openIn, placesReady, published]);
  // A closed city's cash is not offered: said as the apply form says it, so the two agree.
  const place = findCity(tree, form.city);
  const closedPlace = place && !place.city.hours.openNow ? place : null;
  // An amount the apply route would refuse is said at once, not first on applying, and not quoted.
  const amountRule = amountInputRule(form.amount, form.assetFrom);
  const quote = useQuote(form.assetFrom, form.assetTo, amountRule ? '' : form.amount, form.city);
  const amountPlaceholder = formatFixed(0, 2, language);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    saveApplyPrefill(form);
    // Signed in or not: a visitor applies there as a guest, with an email (no registration first).
    navigate(paths.apply);
  };

  return (
    <section className="calc card" aria-labelledby="calc-title">
      <h2 id="calc-title" className="calc__title">
        {t('calculator.title')}
      </h2>
      <PrerenderedForm className="calc__form" onSubmit={apply} noValidate>
        <SelectField
          label={t('calculator.city')}
          name="city"
          placeholder={t(geo.status === 'loading' ? 'calculator.placesLoading' : 'calculator.anyCity')}
          groups={cityOptions}
          disabled={geo.status === 'loading'}
          value={form.city}
          onChange={(event) =>
            choose(selectPlace(tree, form, event.target.value, openIn(event.target.value)))
          }
        />
        <AssetPairFields
          form={form}
          localCurrency={localCurrency}
          open={open}
          labels={{
            give: t('calculator.give'),
            receive: t('calculator.receive'),
            swap: t('calculator.swap'),
          }}
          block="calc"
          onChange={choose}
        />
        <TextField
          label={t('calculator.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={amountPlaceholder}
          value={form.amount}
          onChange={(event) => choose({ ...form, amount: event.target.value })}
        />
        {closedPlace && <CashClosedNotice place={closedPlace} />}
        <QuoteResult state={amountRule ? { status: 'refused', rule: amountRule } : quote} pair={form} />
        <Button type="submit" block>
          {t('calculator.apply')}
        </Button>
      </PrerenderedForm>
    </section>
  );
}

/**
 * The quote box, of one height in every state. While a new amount is being quoted the last quote
 * of the same pair stays, dimmed, rather than the box blinking at every keystroke.
 */
function QuoteResult({ state, pair }: { state: QuoteState; pair: Pick<Quote, 'assetFrom' | 'assetTo'> }) {
  const { t } = useTranslation('common');
  const [last, setLast] = useState<Quote | null>(null);
  // Derived from the states seen (React's "information from previous renders"), without an effect.
  if (state.status === 'ready' && state.quote !== last) setLast(state.quote);
  const kept =
    state.status === 'loading' && last?.assetFrom === pair.assetFrom && last.assetTo === pair.assetTo
      ? last
      : null;
  const shown = state.status === 'ready' ? state.quote : kept;

  return (
    <div className={`calc__result${kept ? ' calc__result--busy' : ''}`} aria-live="polite" aria-busy={!!kept}>
      {shown ? (
        <QuoteFigures quote={shown} />
      ) : state.status === 'loading' ? (
        <p className="calc__hint row">
          <Spinner decorative /> {t('calculator.loading')}
        </p>
      ) : state.status === 'refused' ? (
        // The refusal's translation is in the errors texts, fetched only when one arrives.
        <Suspense fallback={<p className="calc__hint">{t('calculator.loading')}</p>}>
          <Refusal state={state} />
        </Suspense>
      ) : (
        <p className="calc__hint">
          {t(state.status === 'unavailable' ? 'calculator.unavailable' : 'calculator.enterAmount')}
        </p>
      )}
      <TierAllowance quote={shown} />
    </div>
  );
}

function Refusal({ state }: { state: Extract<QuoteState, { status: 'refused' }> }) {
  useTranslation('errors');
  const maintenance = useMaintenance(state.refusal?.code === 'ExchangeInMaintenance');
  // In maintenance, staff's message, which says more than the refusal (its text until that is read).
  if (maintenance) return <MaintenanceNotice maintenance={maintenance} />;
  return <p className="calc__hint calc__refusal">{quoteRefusalText(state)}</p>;
}

/**
 * The chosen city's cash desk is closed now, so its cash is not offered and card is: when it opens,
 * in the city's own time (the apply form's notice, docs/product.md §4 "Working hours").
 */
function CashClosedNotice({ place }: { place: NonNullable<ReturnType<typeof findCity>> }) {
  const { t, language } = useTranslation('common');
  const { hours } = place.city;
  const city = place.city.names[language] || place.city.defaultName;
  const when = hours.opensAt
    ? dateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-US', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: hours.timeZone,
      }).format(new Date(hours.opensAt))
    : null;
  return (
    <p className="calc__notice" role="status">
      {when ? t('calculator.cashClosed', { city, when }) : t('calculator.cashClosedForGood', { city })}
    </p>
  );
}
