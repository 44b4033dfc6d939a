import type { ReserveView } from '@shared/contract/reserves';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { adminApi } from '../api/admin-api';
import { DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { ListPager, pageOf } from '../components/pager';
import { ReserveRow } from './reserve-row';
import { reservesInOrder } from './reserve-state';

/**
 * Reserves (docs/product.md §2): what the office holds of each currency and the alert level of
 * each, edited in place; those below their alert level first, then USDT, USD, EUR and RUB.
 */
export function ReservesPage() {
  const { t } = useTranslation('admin');
  const reserves = useResource((signal) => adminApi.reserves(signal), []);
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const replace = (next: ReserveView[]) => reserves.setData(() => next);
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('reserves.title')} />
      <Loaded resource={reserves} errorTitle={t('reserves.loadError')}>
        {(list) => {
          const shown = reservesInOrder(list).filter((reserve) => !state || reserve.belowAlert);
          return (
            <>
              <form
                className="filters"
                aria-label={t('reserves.filterLabel')}
                onSubmit={(event) => event.preventDefault()}
              >
                <FilterSelect
                  label={t('reserves.filter.state')}
                  value={state}
                  onChange={(value) => {
                    setState(value);
                    setPage(1);
                  }}
                  options={[{ value: 'below', label: t('reserves.filter.below') }]}
                />
              </form>
              <p className="muted admin-page__lead">{t('reserves.intro')}</p>
              <section className="card table-panel" aria-label={t('reserves.title')}>
                <DataTable
                  items={pageOf(shown, page)}
                  columns={[
                    t('reserves.columns.currency'),
                    t('reserves.columns.amount'),
                    t('reserves.columns.alertLevel'),
                    t('reserves.columns.state'),
                    t('reserves.columns.updated'),
                    t('reserves.columns.actions'),
                  ]}
                  emptyText={t('reserves.none')}
                >
                  {(reserve) => <ReserveRow key={reserve.code} reserve={reserve} onSaved={replace} />}
                </DataTable>
                <ListPager items={shown} page={page} onPage={setPage} />
              </section>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
