import { parseAssetKey } from '@shared/assets';
import type { DirectionRate, RatesData } from '@shared/contract/rates';
import { useTranslation } from '@web/lib/i18n';
import { type ReactNode, useMemo, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { type Column, DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { ListPager, pageOf } from '../components/pager';
import { useResource } from '../hooks/use-resource';
import { formatDateTime } from '../lib/format';
import { CurrencyRow, DirectionRow, directionColumns } from './rate-rows';
import './rates.css';

/**
 * Exchange rates: each direction's rate as clients read it ("1 USDT = 97,20 RUB"), its source and
 * markup, limits with the minimum clients actually see, guard, monitors' switch, last change and who
 * made it, edited in a form in its row; and the USD value of each currency the rates derive from.
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
                  key={`${direction.assetFrom}>${direction.assetTo}`}
                  direction={direction}
                  onSaved={update}
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
