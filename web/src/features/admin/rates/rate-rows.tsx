import { parseAssetKey } from '@shared/assets';
import { RATE_SOURCES, type RateSource } from '@shared/constants';
import type { CurrencyValue, DirectionRate, RatesData } from '@shared/contract/rates';
import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { adminApi, type RatesChange } from '../api/admin-api';
import { PencilIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { CellInput, Changed, SaveOrCancel, useRowEdit } from '../components/row-editing';
import { formatDateTime, formatNumber } from '../lib/format';
import {
  type DirectionDraft,
  type DirectionErrors,
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
    if (answer.data?.rates) onSaved(answer.data.rates);
  }, t('rates.saved'));
}

const STATE_TONES = { live: 'success', manual: 'neutral', paused: 'danger' } as const;

export function DirectionRow({
  direction,
  onSaved,
}: {
  direction: DirectionRate;
  onSaved: (rates: RatesData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const { draft, setDraft, saving, send } = useRatesRowEdit<DirectionDraft>(onSaved);
  const [errors, setErrors] = useState<DirectionErrors>({});
  const name = `${sideName(direction.assetFrom, kinds)} → ${sideName(direction.assetTo, kinds)}`;

  const start = () => {
    setErrors({});
    setDraft({
      source: direction.source,
      markupPercent: String(direction.markupPercent),
      minAmount: direction.minAmount === null ? '' : String(direction.minAmount),
      maxAmount: direction.maxAmount === null ? '' : String(direction.maxAmount),
      isActive: direction.isActive,
    });
  };

  const save = async () => {
    if (!draft) return;
    const checked = validateDirection(draft, {
      markup: t('rates.errors.markup'),
      positive: t('rates.errors.positive'),
      minAboveMax: t('rates.errors.minAboveMax'),
    });
    setErrors(checked.errors);
    if (!checked.value) return;
    await send(
      { directions: [{ assetFrom: direction.assetFrom, assetTo: direction.assetTo, ...checked.value }] },
      (fields) =>
        setErrors({
          markupPercent: fields.markupPercent,
          minAmount: fields.minAmount,
          maxAmount: fields.maxAmount,
        }),
    );
  };

  const input = (field: 'markupPercent' | 'minAmount' | 'maxAmount', label: string) =>
    draft && (
      <CellInput
        value={draft[field]}
        label={`${label}: ${name}`}
        error={errors[field]}
        errorId={`${direction.assetFrom}-${direction.assetTo}-${field}`}
        onChange={(value) => setDraft({ ...draft, [field]: value })}
        onSave={save}
        onCancel={() => setDraft(null)}
      />
    );

  return (
    <tr className={direction.isActive ? '' : 'is-inactive'}>
      <th scope="row" className="nowrap">
        {name}
      </th>
      <td className="num nowrap">{formatNumber(direction.rate, language, 6)}</td>
      <td>
        {draft ? (
          <select
            className="select select--sm"
            value={draft.source}
            aria-label={`${t('rates.columns.source')}: ${name}`}
            onChange={(event) => setDraft({ ...draft, source: event.target.value as RateSource })}
          >
            {RATE_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`rates.source.${source}`)}
              </option>
            ))}
          </select>
        ) : (
          t(`rates.source.${direction.source}`)
        )}
      </td>
      <td>
        <Badge tone={STATE_TONES[direction.state]}>
          {direction.pausedReason
            ? t('rates.state.pausedBecause', { reason: t(`rates.paused.${direction.pausedReason}`) })
            : t(`rates.state.${direction.state}`)}
        </Badge>
        {direction.rawPrice !== null && direction.priceAsOf && (
          <div className="cell-note">
            {t('rates.raw', {
              price: formatNumber(direction.rawPrice, language, 6),
              when: formatDateTime(direction.priceAsOf, language),
            })}
          </div>
        )}
      </td>
      <td>
        {draft
          ? input('markupPercent', t('rates.columns.markup'))
          : `${formatNumber(direction.markupPercent, language)} %`}
      </td>
      <td>
        {draft ? input('minAmount', t('rates.columns.min')) : formatNumber(direction.minAmount, language)}
      </td>
      <td>
        {draft ? input('maxAmount', t('rates.columns.max')) : formatNumber(direction.maxAmount, language)}
      </td>
      <td>
        {draft ? (
          <input
            type="checkbox"
            className="checkbox-input"
            checked={draft.isActive}
            aria-label={`${t('rates.columns.active')}: ${name}`}
            onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })}
          />
        ) : (
          <Badge tone={direction.isActive ? 'success' : 'neutral'}>
            {direction.isActive ? t('rates.on') : t('rates.off')}
          </Badge>
        )}
      </td>
      <td>
        <Changed at={direction.updatedAt} by={direction.updatedBy} />
      </td>
      <td>
        <div className="row-actions">
          {draft ? (
            <SaveOrCancel saving={saving} onSave={save} onCancel={() => setDraft(null)} />
          ) : (
            <IconButton icon={<PencilIcon />} label={t('rates.editOf', { name })} onClick={start} />
          )}
        </div>
      </td>
    </tr>
  );
}

export function CurrencyRow({
  currency,
  onSaved,
}: {
  currency: CurrencyValue;
  onSaved: (rates: RatesData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const { draft, setDraft, saving, send } = useRatesRowEdit<string>(onSaved);
  const [error, setError] = useState<string | null>(null);
  const fixed = currency.code === 'USD';

  const save = async () => {
    if (draft === null) return;
    const checked = validateUsdValue(draft, t('rates.errors.usdValue'));
    setError(checked.error);
    if (checked.value === null) return;
    await send({ currencies: [{ code: currency.code, usdValue: checked.value }] }, (fields) =>
      setError(fields.usdValue ?? null),
    );
  };

  return (
    <tr>
      <th scope="row">{currency.code}</th>
      <td>
        {draft === null ? (
          <span className="num">{formatNumber(currency.usdValue, language, 6)} USD</span>
        ) : (
          <CellInput
            value={draft}
            label={t('rates.usdValueOf', { code: currency.code })}
            error={error}
            errorId={`usd-${currency.code}-error`}
            onChange={setDraft}
            onSave={save}
            onCancel={() => setDraft(null)}
          />
        )}
      </td>
      <td>
        <Changed at={currency.updatedAt} by={currency.updatedBy} />
      </td>
      <td>
        <div className="row-actions">
          {fixed ? (
            <span className="muted">{t('rates.base')}</span>
          ) : draft === null ? (
            <IconButton
              icon={<PencilIcon />}
              label={t('rates.editOf', { name: currency.code })}
              onClick={() => {
                setError(null);
                setDraft(String(currency.usdValue));
              }}
            />
          ) : (
            <SaveOrCancel saving={saving} onSave={save} onCancel={() => setDraft(null)} />
          )}
        </div>
      </td>
    </tr>
  );
}
