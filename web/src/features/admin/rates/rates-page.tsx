import { useMemo, useState } from 'react';
import { parseAssetKey } from '../../../../../shared/assets';
import { ADMIN_PAGE_SIZE } from '../../../../../shared/constants';
import type { CurrencyValue, DirectionRate, RatesData } from '../../../../../shared/contract/rates';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { adminApi } from '../api/admin-api';
import { PencilIcon } from '../components/admin-icons';
import { IconButton } from '../components/icon-button';
import { InlineLoading, LoadError } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { useResource } from '../hooks/use-resource';
import { formatDateTime, formatNumber } from '../lib/format';
import { notify } from '../lib/notify';
import {
  type DirectionDraft,
  type DirectionErrors,
  validateDirection,
  validateUsdValue,
} from './rate-validation';

/**
 * Exchange rates: each direction's rate, markup, min/max, last change and who made it, edited in
 * place; and the USD value of each currency the rates derive from.
 */
export function RatesPage() {
  const { t, language } = useTranslation('admin');
  const rates = useResource((signal) => adminApi.rates(signal), []);
  const data = rates.data;
  const update = (next: RatesData) => rates.setData(() => next);
  const [currency, setCurrency] = useState('');
  const [directionPage, setDirectionPage] = useState(1);
  const [currencyPage, setCurrencyPage] = useState(1);
  const codes = useMemo(
    () => (data?.currencies ?? []).map((item) => item.code).filter((code) => code !== 'USDT'),
    [data],
  );
  const directions = (data?.directions ?? []).filter(
    (direction) => !currency || directionCurrency(direction) === currency,
  );
  const currencies = (data?.currencies ?? []).filter((item) => !currency || item.code === currency);
  const pageOf = <T,>(items: T[], page: number) =>
    items.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('rates.title')} />
      {rates.error ? (
        <LoadError title={t('rates.loadError')} error={rates.error} onRetry={rates.reload} />
      ) : !data ? (
        <InlineLoading />
      ) : (
        <>
          <form
            className="filters"
            aria-label={t('rates.filterLabel')}
            onSubmit={(event) => event.preventDefault()}
          >
            <label className="filters__field">
              <span className="filters__label">{t('rates.columns.currency')}</span>
              <select
                className="select select--sm"
                value={currency}
                onChange={(event) => {
                  setCurrency(event.target.value);
                  setDirectionPage(1);
                  setCurrencyPage(1);
                }}
              >
                <option value="">{t('common.all')}</option>
                {codes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
          </form>
          <p className="muted admin-page__lead">
            {data.updatedAt
              ? t('rates.updatedAt', { when: formatDateTime(data.updatedAt, language) })
              : t('rates.intro')}
          </p>
          <section className="card rates-panel" aria-labelledby="directions-title">
            <h2 id="directions-title" className="panel-title">
              {t('rates.directions')}
            </h2>
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('rates.columns.direction')}</th>
                    <th scope="col" className="num">
                      {t('rates.columns.rate')}
                    </th>
                    <th scope="col">{t('rates.columns.markup')}</th>
                    <th scope="col">{t('rates.columns.min')}</th>
                    <th scope="col">{t('rates.columns.max')}</th>
                    <th scope="col">{t('rates.columns.active')}</th>
                    <th scope="col">{t('rates.columns.updated')}</th>
                    <th scope="col">{t('rates.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {directions.length === 0 && (
                    <tr>
                      <td colSpan={8} className="data-table__empty">
                        {t('rates.none')}
                      </td>
                    </tr>
                  )}
                  {pageOf(directions, directionPage).map((direction) => (
                    <DirectionRow
                      key={`${direction.assetFrom}>${direction.assetTo}`}
                      direction={direction}
                      onSaved={update}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={directionPage}
              totalPages={Math.ceil(directions.length / ADMIN_PAGE_SIZE)}
              total={directions.length}
              pageSize={ADMIN_PAGE_SIZE}
              onPage={setDirectionPage}
            />
          </section>
          <section className="card rates-panel" aria-labelledby="currencies-title">
            <h2 id="currencies-title" className="panel-title">
              {t('rates.currencies')}
            </h2>
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('rates.columns.currency')}</th>
                    <th scope="col">{t('rates.columns.usdValue')}</th>
                    <th scope="col">{t('rates.columns.updated')}</th>
                    <th scope="col">{t('rates.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {pageOf(currencies, currencyPage).map((item) => (
                    <CurrencyRow key={item.code} currency={item} onSaved={update} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={currencyPage}
              totalPages={Math.ceil(currencies.length / ADMIN_PAGE_SIZE)}
              total={currencies.length}
              pageSize={ADMIN_PAGE_SIZE}
              onPage={setCurrencyPage}
            />
          </section>
        </>
      )}
    </section>
  );
}

/** `Card EUR` or `USDT`: the short name of one side of a direction. */
function sideName(asset: string, kinds: { cash: string; card: string }): string {
  const parsed = parseAssetKey(asset);
  if (!parsed) return asset.toUpperCase();
  return parsed.kind === 'crypto' ? parsed.code : `${kinds[parsed.fiatKind]} ${parsed.currency}`;
}

/** The fiat currency a direction exchanges (the other side is always USDT). */
function directionCurrency(direction: DirectionRate): string | undefined {
  for (const key of [direction.assetFrom, direction.assetTo]) {
    const asset = parseAssetKey(key);
    if (asset?.kind === 'fiat') return asset.currency;
  }
  return undefined;
}

function Changed({ at, by }: { at: string; by: string | null }) {
  const { t, language } = useTranslation('admin');
  return (
    <span className="changed">
      <span className="nowrap">{formatDateTime(at, language)}</span>
      <span className="muted changed__by">{by ?? t('rates.bySystem')}</span>
    </span>
  );
}

function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const item of error.errors) {
      const field = item.path.split('.').pop() ?? item.path;
      errors[field] ??= item.msg;
    }
  }
  return errors;
}

function DirectionRow({
  direction,
  onSaved,
}: {
  direction: DirectionRate;
  onSaved: (rates: RatesData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const [draft, setDraft] = useState<DirectionDraft | null>(null);
  const [errors, setErrors] = useState<DirectionErrors>({});
  const [saving, setSaving] = useState(false);
  const name = `${sideName(direction.assetFrom, kinds)} → ${sideName(direction.assetTo, kinds)}`;

  const start = () => {
    setErrors({});
    setDraft({
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
    setSaving(true);
    try {
      const answer = await adminApi.saveRates({
        directions: [{ assetFrom: direction.assetFrom, assetTo: direction.assetTo, ...checked.value }],
      });
      if (answer.data?.rates) onSaved(answer.data.rates);
      setDraft(null);
      notify.success(t('rates.saved'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({
        markupPercent: fields.markupPercent,
        minAmount: fields.minAmount,
        maxAmount: fields.maxAmount,
      });
      notify.error(errorMessage(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  const input = (field: 'markupPercent' | 'minAmount' | 'maxAmount', label: string) =>
    draft && (
      <span className="cell-edit">
        <input
          className="input input--sm input--num"
          inputMode="decimal"
          value={draft[field]}
          aria-label={`${label}: ${name}`}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={
            errors[field] ? `${direction.assetFrom}-${direction.assetTo}-${field}` : undefined
          }
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
            if (event.key === 'Escape') setDraft(null);
          }}
        />
        {errors[field] && (
          <span className="field__error" id={`${direction.assetFrom}-${direction.assetTo}-${field}`}>
            {errors[field]}
          </span>
        )}
      </span>
    );

  return (
    <tr className={direction.isActive ? '' : 'is-inactive'}>
      <th scope="row" className="nowrap">
        {name}
      </th>
      <td className="num nowrap">{formatNumber(direction.rate, language, 6)}</td>
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
            <>
              <Button size="sm" onClick={save} loading={saving}>
                {t('common.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)} disabled={saving}>
                {t('common.cancel')}
              </Button>
            </>
          ) : (
            <IconButton icon={<PencilIcon />} label={t('rates.editOf', { name })} onClick={start} />
          )}
        </div>
      </td>
    </tr>
  );
}

function CurrencyRow({
  currency,
  onSaved,
}: {
  currency: CurrencyValue;
  onSaved: (rates: RatesData) => void;
}) {
  const { t, language } = useTranslation('admin');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fixed = currency.code === 'USD';

  const save = async () => {
    if (draft === null) return;
    const checked = validateUsdValue(draft, t('rates.errors.usdValue'));
    setError(checked.error);
    if (checked.value === null) return;
    setSaving(true);
    try {
      const answer = await adminApi.saveRates({
        currencies: [{ code: currency.code, usdValue: checked.value }],
      });
      if (answer.data?.rates) onSaved(answer.data.rates);
      setDraft(null);
      notify.success(t('rates.saved'));
    } catch (failure) {
      setError(fieldErrorsOf(failure).usdValue ?? null);
      notify.error(errorMessage(failure, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr>
      <th scope="row">{currency.code}</th>
      <td>
        {draft === null ? (
          <span className="num">{formatNumber(currency.usdValue, language, 6)} USD</span>
        ) : (
          <span className="cell-edit">
            <input
              className="input input--sm input--num"
              inputMode="decimal"
              value={draft}
              aria-label={t('rates.usdValueOf', { code: currency.code })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `usd-${currency.code}-error` : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save();
                if (event.key === 'Escape') setDraft(null);
              }}
            />
            {error && (
              <span className="field__error" id={`usd-${currency.code}-error`}>
                {error}
              </span>
            )}
          </span>
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
            <>
              <Button size="sm" onClick={save} loading={saving}>
                {t('common.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)} disabled={saving}>
                {t('common.cancel')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
