import { currencyOfAsset, parseAssetKey } from '@shared/assets';
import { RATE_SOURCES, type RateSource } from '@shared/constants';
import {
  type CurrencyValue,
  type DirectionRate,
  MARKET_SOURCES,
  type RatesData,
} from '@shared/contract/rates';
import { rateText, writeFigure, writeMoney } from '@shared/rate-display';
import { SBP_ASSET, SBP_BANKS, sbpBankName } from '@shared/sbp-banks';
import { CARD_VERIFICATION_RULES, type CardVerificationRule } from '@shared/verification';
import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { type ReactNode, useState } from 'react';
import { adminApi, type RatesChange } from '../api/admin-api';
import { PencilIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { CellInput, Changed, SaveOrCancel, useRowEdit } from '../components/row-editing';
import { formatDateTime, formatNumber } from '../lib/format';
import { ChoiceChecks } from './choice-checks';
import { useMarketPriceText } from './market-price-text';
import { otherSide, PositioningFields, PositionOf, positioningDraftOf } from './positioning';
import { effectiveMinimum, figureOf, guardFigures, sidesOfDirection } from './rate-figures';
import {
  type DirectionDraft,
  type DirectionErrors,
  type DirectionField,
  validateCashStep,
  validateDirection,
  validateUsdValue,
} from './rate-validation';

/** `Card EUR` or `USDT`: the short name of one side of a direction. */
function sideName(asset: string, kinds: { cash: string; card: string }): string {
  const parsed = parseAssetKey(asset);
  if (!parsed) return asset.toUpperCase();
  return parsed.kind === 'crypto' ? parsed.code : `${kinds[parsed.fiatKind]} ${parsed.currency}`;
}

/** A rates row's editing: a save sends the change and the screen takes the rates answered. */
function useRatesRowEdit<D>(onSaved: (rates: RatesData) => void) {
  const { t } = useTranslation('admin');
  return useRowEdit<D, RatesChange>(async (change) => {
    const answer = await adminApi.saveRates(change);
    onSaved(answer.data.rates);
  }, t('rates.saved'));
}

const STATE_TONES = { live: 'success', manual: 'neutral', paused: 'danger' } as const;

/** The columns of the directions table (the row below renders one cell per column, or the edit form). */
export function directionColumns(t: (key: string) => string) {
  return [
    t('rates.columns.direction'),
    t('rates.columns.rate'),
    t('rates.columns.pricing'),
    t('rates.columns.limits'),
    t('rates.columns.guard'),
    t('rates.columns.updated'),
    t('rates.columns.actions'),
  ];
}
const DIRECTION_COLUMNS = 7;

/** A labelled control of the edit form. */
function EditField({
  label,
  error,
  id,
  children,
}: {
  label: string;
  error?: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="rate-edit__field">
      <label htmlFor={id} className="rate-edit__label">
        {label}
      </label>
      {children}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function DirectionRow({
  direction,
  onSaved,
  selected,
  onSelect,
}: {
  direction: DirectionRate;
  onSaved: (rates: RatesData) => void;
  /** Chosen for a change of many at once (the page's bulk actions). */
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const [refusal, setRefusal] = useState<string | null>(null);
  const { draft, setDraft, saving, send } = useRowEdit<DirectionDraft, RatesChange>(async (change) => {
    setRefusal(null);
    try {
      const answer = await adminApi.saveRates(change);
      onSaved(answer.data.rates);
    } catch (error) {
      // A refusal (a reserve never set by staff, say) stays in the form, not only in the toast.
      setRefusal(refusalText(error, t('common.updateFailed')));
      throw error;
    }
  }, t('rates.saved'));
  const [errors, setErrors] = useState<DirectionErrors>({});
  const name = `${sideName(direction.assetFrom, kinds)} → ${sideName(direction.assetTo, kinds)}`;
  const sides = sidesOfDirection(direction);
  const guard = guardFigures(direction, sides);
  const figureText = (figure: string | null) => (figure === null ? '' : writeFigure(figure, language));
  // A fixed rate reads as it was typed; a followed one as shown.
  const initialFigure = direction.fixedRate
    ? figureText(direction.fixedRate.figure)
    : direction.rate === null
      ? ''
      : figureText(figureOf(direction.rate, sides));
  const initialGuard = { low: figureText(guard.low), high: figureText(guard.high) };
  const minimum = effectiveMinimum(direction);
  const fromCode = currencyOfAsset(direction.assetFrom);
  const isCash = [direction.assetFrom, direction.assetTo].some((asset) => asset.startsWith('cash-'));
  const idOf = (field: string) => `rate-${direction.assetFrom}-${direction.assetTo}-${field}`;

  const start = () => {
    setErrors({});
    setRefusal(null);
    setDraft({
      source: direction.source,
      marketSources: [...direction.marketPrice.sources],
      coefficient: figureText(direction.marketPrice.coefficient),
      markupPercent: String(direction.markupPercent),
      figure: initialFigure,
      minAmount: direction.minAmount === null ? '' : String(direction.minAmount),
      maxAmount: direction.maxAmount === null ? '' : String(direction.maxAmount),
      isActive: direction.isActive,
      guardLow: initialGuard.low,
      guardHigh: initialGuard.high,
      maxAgeMinutes: String(direction.maxAgeMinutes),
      publishToMonitors: direction.publishToMonitors,
      monitorCode: direction.monitorCode ?? '',
      ...(direction.assetTo === SBP_ASSET ? { sbpBanks: [...direction.sbpBanks] } : {}),
      cardVerification: direction.cardVerification ?? 'never',
      cardVerificationAbove:
        direction.cardVerificationAbove === null || direction.cardVerificationAbove === undefined
          ? ''
          : String(direction.cardVerificationAbove),
      // Cash is listed by city on BestChange: a cash direction holds no place.
      ...(isCash ? {} : { positioning: positioningDraftOf(direction, sides, figureText) }),
    });
  };

  const save = async () => {
    if (!draft) return;
    const checked = validateDirection(
      draft,
      {
        pair: direction,
        sides,
        initial: {
          figure: initialFigure,
          guardLow: initialGuard.low,
          guardHigh: initialGuard.high,
          cardVerification: direction.cardVerification ?? 'never',
          marketPrice: direction.marketPrice,
          positioned: !!direction.positioning,
        },
      },
      {
        markup: t('rates.errors.markup'),
        positive: t('rates.errors.positive'),
        minAboveMax: t('rates.errors.minAboveMax'),
        figure: t('rates.errors.figure'),
        figureDecimals: t('rates.errors.figureDecimals', { unit: sides.unit, other: sides.other }),
        maxAge: t('rates.errors.maxAge'),
        monitorCode: t('rates.errors.monitorCode'),
        marketSources: t('rates.errors.marketSources'),
        coefficient: t('rates.errors.coefficient'),
        place: t('rates.positioning.placeError'),
      },
    );
    setErrors(checked.errors);
    if (!checked.value) return;
    await send(
      { directions: [{ assetFrom: direction.assetFrom, assetTo: direction.assetTo, ...checked.value }] },
      (fields) =>
        setErrors({
          figure: fields.fixedRate,
          markupPercent: fields.markupPercent,
          minAmount: fields.minAmount,
          maxAmount: fields.maxAmount,
          guardLow: fields.minRate,
          guardHigh: fields.maxRate,
          maxAgeMinutes: fields.maxAgeMinutes,
          monitorCode: fields.monitorCode,
          cardVerificationAbove: fields.cardVerificationAbove,
          marketSources: fields.sources,
          coefficient: fields.coefficient,
          sbpBanks: fields.sbpBanks,
          place: fields.place,
          floor: fields.floor,
          ceiling: fields.ceiling,
          step: fields.step,
          positioning: fields.positioning ?? fields.unit,
        }),
    );
  };

  const input = (field: DirectionField, label: string, suffix?: string) =>
    draft && (
      <EditField label={label} error={errors[field]} id={idOf(field)}>
        <span className="rate-edit__input">
          <input
            id={idOf(field)}
            className="input input--sm input--num"
            inputMode={field === 'monitorCode' ? 'text' : 'decimal'}
            value={draft[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${idOf(field)}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key === 'Escape') setDraft(null);
            }}
          />
          {suffix && <span className="muted">{suffix}</span>}
        </span>
      </EditField>
    );
  const check = (field: 'isActive' | 'publishToMonitors', label: string) =>
    draft && (
      <label className="rate-edit__check">
        <input
          type="checkbox"
          className="checkbox-input"
          checked={draft[field]}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.checked })}
        />
        {label}
      </label>
    );

  if (draft) {
    const unitIs = `1 ${sides.unit} =`;
    return (
      <tr className="rate-edit-row">
        <th scope="row" className="nowrap">
          {name}
        </th>
        <td colSpan={DIRECTION_COLUMNS - 1}>
          <fieldset className="rate-edit" aria-label={t('rates.editOf', { name })}>
            <EditField label={t('rates.columns.source')} id={idOf('source')}>
              <select
                id={idOf('source')}
                className="select select--sm"
                value={draft.source}
                onChange={(event) => setDraft({ ...draft, source: event.target.value as RateSource })}
              >
                {RATE_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {t(`rates.source.${source}`)}
                  </option>
                ))}
              </select>
            </EditField>
            {draft.source === 'feed' && (
              <>
                <ChoiceChecks
                  id={idOf('marketSources')}
                  legend={t('rates.edit.marketPrice')}
                  className="rate-edit__market"
                  options={MARKET_SOURCES.map((source) => ({
                    value: source,
                    label: t(`rates.marketSource.${source}`),
                  }))}
                  chosen={draft.marketSources}
                  error={errors.marketSources}
                  onChange={(marketSources) => setDraft({ ...draft, marketSources })}
                />
                {input('coefficient', t('rates.edit.coefficient'))}
              </>
            )}
            {input('figure', t('rates.edit.rate', { unit: unitIs }), sides.other)}
            {draft.source === 'fixed' ? null : input('markupPercent', t('rates.columns.markup'))}
            {input('minAmount', t('rates.edit.min', { code: fromCode }))}
            {input('maxAmount', t('rates.edit.max', { code: fromCode }))}
            {input('guardLow', t('rates.edit.guardLow', { unit: unitIs }), sides.other)}
            {input('guardHigh', t('rates.edit.guardHigh', { unit: unitIs }), sides.other)}
            {input('maxAgeMinutes', t('rates.edit.maxAge'))}
            {input('monitorCode', t('rates.edit.monitorCode'))}
            {draft.sbpBanks && (
              <ChoiceChecks
                id={idOf('sbpBanks')}
                legend={t('rates.edit.sbpBanks')}
                className="rate-edit__sbp"
                options={SBP_BANKS.map((bank) => ({ value: bank.id, label: bank[language] }))}
                chosen={draft.sbpBanks}
                error={errors.sbpBanks}
                onChange={(sbpBanks) => setDraft({ ...draft, sbpBanks })}
              />
            )}
            {direction.assetFrom.startsWith('card-') && (
              <EditField label={t('rates.edit.cardVerification')} id={idOf('cardVerification')}>
                <select
                  id={idOf('cardVerification')}
                  className="select select--sm"
                  value={draft.cardVerification ?? 'never'}
                  onChange={(event) =>
                    setDraft({ ...draft, cardVerification: event.target.value as CardVerificationRule })
                  }
                >
                  {CARD_VERIFICATION_RULES.map((rule) => (
                    <option key={rule} value={rule}>
                      {t(`rates.cardVerification.${rule}`)}
                    </option>
                  ))}
                </select>
              </EditField>
            )}
            {draft.cardVerification === 'above' &&
              input('cardVerificationAbove', t('rates.edit.cardVerificationAbove', { code: fromCode }))}
            {draft.positioning && (
              <PositioningFields
                draft={draft.positioning}
                onChange={(positioning) => setDraft({ ...draft, positioning })}
                errors={errors}
                idOf={idOf}
                other={otherSide(direction, draft.positioning.unit)}
              />
            )}
            <div className="rate-edit__checks">
              {check('isActive', t('rates.columns.active'))}
              {check('publishToMonitors', t('rates.edit.publish'))}
            </div>
            <p className="rate-edit__hint muted">
              {draft.source === 'feed' ? t('rates.edit.feedHint') : t('rates.edit.rateHint')}
            </p>
            {draft.source === 'feed' && <p className="rate-edit__hint muted">{t('rates.edit.marketHint')}</p>}
            {refusal && (
              <p className="field__error rate-edit__refusal" role="alert">
                {refusal}
              </p>
            )}
            <div className="row-actions rate-edit__actions">
              <SaveOrCancel saving={saving} onSave={save} onCancel={() => setDraft(null)} />
            </div>
          </fieldset>
        </td>
      </tr>
    );
  }

  const shown = rateText(direction.assetFrom, direction.assetTo, direction.rate, language);
  const raw = rateText(direction.assetFrom, direction.assetTo, direction.rawPrice, language);
  const amount = (value: number) => `${formatNumber(value, language)} ${fromCode}`;
  const limitsText = () => {
    const { minAmount, maxAmount } = direction;
    if (minAmount !== null && maxAmount !== null)
      return `${formatNumber(minAmount, language)} – ${amount(maxAmount)}`;
    if (minAmount !== null) return t('rates.limitsFrom', { amount: amount(minAmount) });
    if (maxAmount !== null) return t('rates.limitsUpTo', { amount: amount(maxAmount) });
    return t('rates.limitsNone');
  };
  return (
    <tr className={direction.isActive ? '' : 'is-inactive'}>
      <th scope="row">
        <label className="rate-select">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t('rates.bulk.select', { name })}
            onChange={onSelect}
          />
          <span>{name}</span>
        </label>
        <div className="rate-direction__facts">
          <div className="rate-direction__badges">
            <Badge tone={direction.isActive ? 'success' : 'neutral'}>
              {direction.isActive ? t('rates.on') : t('rates.off')}
            </Badge>
            <Badge tone={direction.publishToMonitors ? 'success' : 'neutral'}>
              {direction.publishToMonitors ? t('rates.published') : t('rates.notPublished')}
            </Badge>
          </div>
          {direction.monitorCode && <div className="muted">{direction.monitorCode}</div>}
          {direction.sbpBanks.length > 0 && (
            <div className="muted">
              {t('rates.sbpBanksOf', {
                banks: direction.sbpBanks.map((bank) => sbpBankName(bank, language)).join(', '),
              })}
            </div>
          )}
          {direction.cardVerification && direction.cardVerification !== 'never' && (
            <div className="muted">
              {t(`rates.cardVerification.${direction.cardVerification}`)}
              {direction.cardVerification === 'above' && direction.cardVerificationAbove
                ? ` ${amount(direction.cardVerificationAbove)}`
                : ''}
            </div>
          )}
        </div>
      </th>
      <td>
        <div className="rate-cell">
          <div className="rate-figure">{shown ?? '—'}</div>
          <Badge tone={STATE_TONES[direction.state]}>
            {direction.pausedReason
              ? t('rates.state.pausedBecause', { reason: t(`rates.paused.${direction.pausedReason}`) })
              : t(`rates.state.${direction.state}`)}
          </Badge>
          {raw && direction.priceAsOf && (
            <div className="rate-note muted">
              {t('rates.raw', { price: raw, when: formatDateTime(direction.priceAsOf, language) })}
            </div>
          )}
          <PositionOf direction={direction} />
        </div>
      </td>
      <td>
        <div className="rate-cell">
          <PricingOf direction={direction} />
        </div>
      </td>
      <td>
        <div className="rate-cell">
          <div>{limitsText()}</div>
          {minimum && (
            <div className="rate-note muted">
              {t(`rates.effectiveMin.${minimum.reason}`, {
                amount: amount(minimum.amount),
              })}
            </div>
          )}
        </div>
      </td>
      <td>
        <div className="rate-cell">
          {guard.low === null && guard.high === null ? (
            <div className="muted">{t('rates.noGuard')}</div>
          ) : (
            <div>
              {t('rates.guardRange', {
                unit: sides.unit,
                low: guard.low === null ? '…' : writeFigure(guard.low, language),
                high: guard.high === null ? '…' : writeFigure(guard.high, language),
                other: sides.other,
              })}
            </div>
          )}
          <div className="muted">{t('rates.maxAgeOf', { minutes: direction.maxAgeMinutes })}</div>
        </div>
      </td>
      <td>
        <div className="rate-cell">
          <Changed at={direction.updatedAt} by={direction.updatedBy} name={direction.updatedByName} />
        </div>
      </td>
      <td>
        <div className="rate-cell">
          <div className="row-actions">
            <IconButton icon={<PencilIcon />} label={t('rates.editOf', { name })} onClick={start} />
          </div>
        </div>
      </td>
    </tr>
  );
}

/**
 * What a direction's rate follows, "Follows the market feed: 1.015 × Bank of Russia rate; markup
 * 1.5 %", or that it is fixed: "Fixed, typed by anna at 28.11.2026, 14:05"; while its place on
 * BestChange sets it, that first.
 */
function PricingOf({ direction }: { direction: DirectionRate }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {direction.positioned && <div className="muted">{t('rates.pricing.positioned')}</div>}
      <SourcePricing direction={direction} />
    </>
  );
}

function SourcePricing({ direction }: { direction: DirectionRate }) {
  const { t, language } = useTranslation('admin');
  const marketPriceText = useMarketPriceText();
  const { fixedRate } = direction;
  if (direction.source === 'fixed' && fixedRate) {
    return (
      <div>
        {t('rates.pricing.fixed', {
          name: fixedRate.typedByName ?? '—',
          when: formatDateTime(fixedRate.typedAt, language),
        })}
      </div>
    );
  }
  return (
    <div>
      {t(`rates.pricing.${direction.source}`, {
        markup: formatNumber(direction.markupPercent, language, 4),
        price: marketPriceText(direction.marketPrice),
      })}
    </div>
  );
}

/** A currency's USD value (the base USD's is fixed) and, for a fiat currency, its cash step. */
export function CurrencyRow({
  currency,
  onSaved,
}: {
  currency: CurrencyValue;
  onSaved: (rates: RatesData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const { draft, setDraft, saving, send } = useRatesRowEdit<{ usdValue: string; cashStep: string }>(onSaved);
  const [errors, setErrors] = useState<{ usdValue?: string | null; cashStep?: string | null }>({});
  const fixed = currency.code === 'USD';
  // USDT is never paid out in cash.
  const hasCash = currency.code !== 'USDT';

  const save = async () => {
    if (draft === null) return;
    const value = fixed
      ? { error: null, value: currency.usdValue }
      : validateUsdValue(draft.usdValue, t('rates.errors.usdValue'));
    const step = validateCashStep(draft.cashStep, t('rates.errors.cashStep'));
    setErrors({ usdValue: value.error, cashStep: hasCash ? step.error : null });
    if (value.value === null || (hasCash && step.error)) return;
    await send(
      {
        currencies: [
          { code: currency.code, usdValue: value.value, ...(hasCash ? { cashStep: step.value } : {}) },
        ],
      },
      (fields) => setErrors({ usdValue: fields.usdValue ?? null, cashStep: fields.cashStep ?? null }),
    );
  };
  const cancel = () => setDraft(null);

  return (
    <tr>
      <th scope="row">{currency.code}</th>
      <td>
        {draft === null || fixed ? (
          <span className="num">{formatNumber(currency.usdValue, language, 6)} USD</span>
        ) : (
          <CellInput
            value={draft.usdValue}
            label={t('rates.usdValueOf', { code: currency.code })}
            error={errors.usdValue ?? null}
            errorId={`usd-${currency.code}-error`}
            onChange={(usdValue) => setDraft({ ...draft, usdValue })}
            onSave={save}
            onCancel={cancel}
          />
        )}
      </td>
      <td>
        {!hasCash ? (
          <span className="muted">—</span>
        ) : draft === null ? (
          <span className="num">
            {currency.cashStep === null
              ? t('rates.cashStepNone')
              : `${writeMoney(currency.cashStep, language)} ${currency.code}`}
          </span>
        ) : (
          <CellInput
            value={draft.cashStep}
            label={t('rates.cashStepOf', { code: currency.code })}
            error={errors.cashStep ?? null}
            errorId={`cash-step-${currency.code}-error`}
            onChange={(cashStep) => setDraft({ ...draft, cashStep })}
            onSave={save}
            onCancel={cancel}
          />
        )}
      </td>
      <td>
        <Changed at={currency.updatedAt} by={currency.updatedBy} name={currency.updatedByName} />
      </td>
      <td>
        <div className="row-actions">
          {fixed && !hasCash ? (
            <span className="muted">{t('rates.base')}</span>
          ) : draft === null ? (
            <IconButton
              icon={<PencilIcon />}
              label={t('rates.editOf', { name: currency.code })}
              onClick={() => {
                setErrors({});
                setDraft({
                  usdValue: String(currency.usdValue),
                  cashStep: currency.cashStep === null ? '' : String(currency.cashStep),
                });
              }}
            />
          ) : (
            <SaveOrCancel saving={saving} onSave={save} onCancel={cancel} />
          )}
        </div>
      </td>
    </tr>
  );
}
