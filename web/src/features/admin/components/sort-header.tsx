import type { SortOrder } from '@shared/paging';
import { useTranslation } from '@web/lib/i18n';

interface SortHeaderProps<F extends string> {
  field: F;
  label: string;
  sortBy: F;
  sortOrder: SortOrder;
  onSort: (field: F, order: SortOrder) => void;
}

/** A sortable column header: a button that sorts by the column, flipping the order when repeated. */
export function SortHeader<F extends string>({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
}: SortHeaderProps<F>) {
  const { t } = useTranslation('admin');
  const active = sortBy === field;
  const next: SortOrder = active && sortOrder === 'desc' ? 'asc' : 'desc';
  return (
    <th scope="col" aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort(field, active ? next : 'desc')}
        title={t('sort.by', { column: label })}
      >
        {label}
        <span
          className={`sort-button__arrow${active ? ' sort-button__arrow--active' : ''}`}
          aria-hidden="true"
        >
          {active ? (sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
