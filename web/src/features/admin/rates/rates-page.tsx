import { parseAssetKey } from '@shared/assets';
import { MAX_RATE_CHANGES } from '@shared/constants';
import type { DirectionRate, RatesData } from '@shared/contract/rates';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type ReactNode, useMemo, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { type Column, DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { ListPager, pageOf } from '../components/pager';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { CurrencyRow, DirectionRow, directionColumns } from './rate-rows';
import './rates.css';

/**
 * Exchange rates: each direction's rate as clients read it ("1 USDT = 97,20 RUB"), its source and
 * markup, limits with the minimum clients actually see, guard, monitors' switch, last change and who
 * made it, edited in a form in its row; and the USD value of each currency the rates derive from.
 * Directions can be selected (each, or all the filter shows) and switched on or off, or published
 * to the monitors or not, together.
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
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  /** The selected directions switched on or off, or published or not, in PUTs of MAX_RATE_CHANGES. */
  const changeSelected = async (change: { isActive: boolean } | { publishToMonitors: boolean }) => {
    const chosen = (data?.directions ?? []).filter((direction) => selected.has(keyOf(direction)));
    setBulkBusy(true);
    try {
      for (let start = 0; start < chosen.length; start += MAX_RATE_CHANGES) {
        const slice = chosen.slice(start, start + MAX_RATE_CHANGES);
        const answer = await adminApi.saveRates({
          directions: slice.map(({ assetFrom, assetTo }) => ({ assetFrom, assetTo, ...change })),
        });
        update(answer.data.rates);
      }
      setSelected(new Set());
      notify.success(t('rates.saved'));
    } catch (failure) {
      notify.error(refusalText(failure, t('common.updateFailed')));
    } finally {
      setBulkBusy(false);
    }
  };
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('rates.title')} />
      <Loaded resource={rates} errorTitle={t('rates.loadError')}>
        {({ updatedAt }) => (
          <>
            <form
              className="filters"
              aria-label={t('rates.filterLabel')}
              onSubmit={(event) => event.preventDefault()}
            >
              <FilterSelect
                label={t('rates.columns.currency')}
                value={currency}
                onChange={(code) => {
                  setCurrency(code);
                  setDirectionPage(1);
                  setCurrencyPage(1);
                }}
                options={codes.map((code) => ({ value: code, label: code }))}
              />
            </form>
            <p className="muted admin-page__lead">
              {updatedAt
                ? t('rates.updatedAt', { when: formatDateTime(updatedAt, language) })
                : t('rates.intro')}
            </p>
            {selected.size > 0 && (
              <div className="bulk-bar" role="toolbar" aria-label={t('rates.bulk.label')}>
                <span className="bulk-bar__count">{t('rates.bulk.selected', { count: selected.size })}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={bulkBusy}
                  onClick={() => changeSelected({ isActive: true })}
                >
                  {t('rates.bulk.on')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={bulkBusy}
                  onClick={() => changeSelected({ isActive: false })}
                >
                  {t('rates.bulk.off')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={bulkBusy}
                  onClick={() => changeSelected({ publishToMonitors: true })}
                >
                  {t('rates.bulk.publish')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={bulkBusy}
                  onClick={() => changeSelected({ publishToMonitors: false })}
                >
                  {t('rates.bulk.unpublish')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setSelected(new Set(directions.map(keyOf)))}>
                  {t('rates.bulk.all', { count: directions.length })}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                  {t('rates.bulk.clear')}
                </Button>
              </div>
            )}
            <RatesPanel
              id="directions-title"
              className="rates-directions"
              title={t('rates.directions')}
              items={directions}
              page={directionPage}
              onPage={setDirectionPage}
              emptyText={t('rates.none')}
              columns={directionColumns(t)}
            >
              {(direction) => (
                <DirectionRow
                  key={keyOf(direction)}
                  direction={direction}
                  onSaved={update}
                  selected={selected.has(keyOf(direction))}
                  onSelect={() => toggle(keyOf(direction))}
                />
              )}
            </RatesPanel>
            <RatesPanel
              id="currencies-title"
              title={t('rates.currencies')}
              items={currencies}
              page={currencyPage}
              onPage={setCurrencyPage}
              columns={[
                t('rates.columns.currency'),
                t('rates.columns.usdValue'),
                t('rates.columns.cashStep'),
                t('rates.columns.updated'),
                t('rates.columns.actions'),
              ]}
            >
              {(item) => <CurrencyRow key={item.code} currency={item} onSaved={update} />}
            </RatesPanel>
          </>
        )}
      </Loaded>
    </section>
  );
}

interface RatesPanelProps<T> {
  id: string;
  /** The section's own class (the directions table's layout: rates.css). */
  className?: string;
  title: string;
  items: T[];
  page: number;
  onPage: (page: number) => void;
  columns: Column[];
  emptyText?: string;
  children: (item: T) => ReactNode;
}

/** A titled card with one page of a table the screen pages itself (the rates arrive all at once). */
function RatesPanel<T>({
  id,
  className,
  title,
  items,
  page,
  onPage,
  columns,
  emptyText,
  children,
}: RatesPanelProps<T>) {
  return (
    <section className={`card table-panel ${className ?? ''}`} aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      <DataTable items={pageOf(items, page)} columns={columns} emptyText={emptyText}>
        {children}
      </DataTable>
      <ListPager items={items} page={page} onPage={onPage} />
    </section>
  );
}

/** The fiat currency a direction exchanges (the other side is always USDT). */
function directionCurrency(direction: DirectionRate): string | undefined {
  for (const key of [direction.assetFrom, direction.assetTo]) {
    const asset = parseAssetKey(key);
    if (asset?.kind === 'fiat') return asset.currency;
  }
  return undefined;
}

const keyOf = (direction: { assetFrom: string; assetTo: string }) =>
  `${direction.assetFrom}>${direction.assetTo}`;
