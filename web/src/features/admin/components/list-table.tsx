import type { Paged } from '@shared/paging';
import { useTranslation } from '@web/lib/i18n';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';

interface ListTableProps<T> extends Omit<DataTableProps<T>, 'items'> {
  page: Paged<T>;
  /** The current page and how to change it (from useListPage). */
  paging: { page: number; pageSize: number; onPage: (page: number) => void };
}

/** One page of a server-paged list whose rows open their detail: the table, that hint and the pager. */
export function ListTable<T>({ page, paging, ...table }: ListTableProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <>
      <DataTable items={page.items} {...table} />
      <p className="table-hint muted">{t('common.rowHint')}</p>
      <Pager {...paging} total={page.total} totalPages={page.totalPages} />
    </>
  );
}
