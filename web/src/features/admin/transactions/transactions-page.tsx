import { assetLabel } from '@shared/assets';
import { SYSTEM_ID } from '@shared/contract/deal';
import {
  isDayDate,
  MOVEMENT_DIRECTIONS,
  type MovementDirectionName,
  periodProblem,
  type TransactionView,
} from '@shared/contract/transactions';
import { ruleProblem } from '@shared/field-rules';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney } from '@web/lib/quote-format';
import { ruleText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CursorPager, useCursorTrail } from '../components/cursor-pager';
import { DataTable } from '../components/data-table';
import { FilterBar, FilterField, FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useQueryParams } from '../hooks/use-query-params';
import { adminHref } from '../lib/admin-paths';
import { formatDateTime } from '../lib/format';
import { ExportControl } from './export-control';
import { transactionsApi } from './transactions-api';
import './transactions.css';

/** How a movement's direction is marked: money in green, back to its sender (a refund, a payout returned) amber. */
const DIRECTION_TONES = {
  in: 'success',
  out: 'neutral',
  refund: 'warning',
  reversal: 'warning',
} as const satisfies Record<MovementDirectionName, string>;

/** The filters, kept in the URL (empty: not set; no period is the server's last 30 days). */
const FILTERS = { from: '', to: '', currency: '', direction: '' };
type Filters = typeof FILTERS;

/** The currencies offered in the filter's list; any other code may be typed. */
const SUGGESTED_CURRENCIES = ['USDT', 'USD', 'EUR', 'RUB'];
const CURRENCY_LIST_ID = 'transactions-currencies';
/** What the route's currency filter takes: a three-letter code, or USDT. */
const CURRENCY_CODE = /^([A-Z]{3}|USDT)$/;

/** The filters as the routes take them: what is not set is not sent. */
function queryOf(values: Filters) {
  return {
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.currency ? { currency: values.currency } : {}),
    ...(values.direction ? { direction: values.direction as MovementDirectionName } : {}),
  };
}

/**
 * Transaction history (docs/product.md §2): every confirmed movement of money — the client's
 * payment in, the office's payout, a refund — by period, currency and direction, newest first,
 * page by page (by cursor: no total is counted), and every row of the filters as a CSV or XLSX
 * file prepared in the background.
 */
export function TransactionsPage() {
  const { t } = useTranslation('admin');
  const { values, update } = useQueryParams<keyof Filters>(FILTERS);
  const filterKey = JSON.stringify(queryOf(values));
  const trail = useCursorTrail(filterKey);
  const list = useResource(
    (signal) => transactionsApi.page({ ...queryOf(values), ...trail.position }, signal),
    [filterKey, trail.cursor],
  );
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('transactions.title')}>
        <Button variant="secondary" size="sm" onClick={list.reload} loading={list.loading && !!list.data}>
          {t('common.refresh')}
        </Button>
      </PageHeader>
      <TransactionsFilters values={values} onChange={update} />
      <ExportControl filters={queryOf(values)} />
      <Loaded resource={list} errorTitle={t('transactions.loadError')}>
        {(page) => (
          <>
            <p className="muted admin-page__lead">
              {t('transactions.period', { ...page.period, timeZone: page.timeZone })}
            </p>
            <section className="card table-panel" aria-label={t('transactions.title')}>
              <DataTable
                items={page.items}
                className="data-table data-table--transactions"
                caption={t('transactions.caption')}
                busy={list.loading}
                emptyText={t('transactions.empty')}
                columns={[
                  t('transactions.columns.time'),
                  t('transactions.columns.direction'),
                  t('transactions.columns.amount'),
                  t('transactions.columns.reference'),
                  t('transactions.columns.application'),
                  t('transactions.columns.staff'),
                ]}
              >
                {(row) => <TransactionRow key={row.id} row={row} timeZone={page.timeZone} />}
              </DataTable>
              <CursorPager trail={trail} nextCursor={page.nextCursor} period={page.period} />
            </section>
          </>
        )}
      </Loaded>
    </section>
  );
}

/** One movement; its time in the business's zone, which the period line above names. */
function TransactionRow({ row, timeZone }: { row: TransactionView; timeZone: string }) {
  const { t, language } = useTranslation('admin');
  return (
    <tr>
      <td>
        <span className="cell-stack">
          <span className="nowrap">{formatDateTime(row.at, language, timeZone)}</span>
          {row.recordedAtCompletion && (
            <span>
              <Badge tone="info">{t('transactions.atCompletion')}</Badge>
            </span>
          )}
        </span>
      </td>
      <td>
        <Badge tone={DIRECTION_TONES[row.direction]}>{t(`transactions.directions.${row.direction}`)}</Badge>
      </td>
      <td>
        <span className="cell-stack">
          <span className="nowrap">{formatMoney(row.amount, language)}</span>
          <span className="muted nowrap">
            {assetLabel(row.asset, { cash: t('assets.cash'), card: t('assets.card') })}
          </span>
        </span>
      </td>
      <td className="transactions__reference">
        <span className="cell-stack">
          {row.reference ? (
            <span className="mono" title={row.reference}>
              {row.reference}
            </span>
          ) : (
            <span className="muted">—</span>
          )}
          {row.note && row.note !== row.reference && <span className="muted">{row.note}</span>}
        </span>
      </td>
      <td className="mono nowrap">
        <Link to={adminHref('applications', { open_id: row.applicationId })} title={row.applicationId}>
          {row.applicationShortId}
        </Link>
      </td>
      <td>
        {row.staffId === SYSTEM_ID
          ? t('common.bySystem')
          : (row.staffName ?? <span className="muted">{t('transactions.staffGone')}</span>)}
      </td>
    </tr>
  );
}

/** The day fields are checked here by the server's own rule before they are applied. */
function TransactionsFilters({
  values,
  onChange,
}: {
  values: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState({ from: values.from, to: values.to, currency: values.currency });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(
    () => setDraft({ from: values.from, to: values.to, currency: values.currency }),
    [values.from, values.to, values.currency],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = draft.from.trim();
    const to = draft.to.trim();
    const currency = draft.currency.trim().toUpperCase();
    const badDay = [from, to].some((day) => day !== '' && !isDayDate(day));
    const order = from && to && !badDay ? periodProblem(from, to) : null;
    if (badDay || order) {
      setProblem(ruleText(ruleProblem(badDay ? 'dayDate' : order!.code)));
      return;
    }
    if (currency && !CURRENCY_CODE.test(currency)) {
      setProblem(t('transactions.filters.currencyInvalid'));
      return;
    }
    setProblem(null);
    onChange({ from, to, currency });
  };

  const anyFilter = values.from || values.to || values.currency || values.direction;
  return (
    <>
      <FilterBar
        label={t('transactions.filters.label')}
        onSubmit={submit}
        onReset={anyFilter ? () => onChange({ from: '', to: '', currency: '', direction: '' }) : undefined}
      >
        <FilterField label={t('transactions.filters.from')}>
          <input
            type="date"
            className="input input--sm"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('transactions.filters.to')}>
          <input
            type="date"
            className="input input--sm"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('transactions.filters.currency')}>
          <input
            className="input input--sm"
            list={CURRENCY_LIST_ID}
            value={draft.currency}
            maxLength={4}
            autoCapitalize="characters"
            placeholder={t('common.all')}
            onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
          />
          <datalist id={CURRENCY_LIST_ID}>
            {SUGGESTED_CURRENCIES.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </FilterField>
        <FilterSelect
          label={t('transactions.filters.direction')}
          value={values.direction}
          onChange={(direction) => onChange({ direction })}
          options={MOVEMENT_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`transactions.directions.${direction}`),
          }))}
        />
      </FilterBar>
      {problem && <Alert tone="danger">{problem}</Alert>}
    </>
  );
}
