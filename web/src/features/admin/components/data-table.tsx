import type { ReactElement, ReactNode } from 'react';
import './data-table.css';

/** A column's header: its label, or a keyed header cell of its own (a sort button, a numeric column). */
export type Column = string | ReactElement;

export interface DataTableProps<T> {
  columns: Column[];
  items: T[];
  children: (item: T) => ReactNode;
  /** The table's class: `data-table` for a screen's table, `compact-table` inside a panel or modal. */
  className?: string;
  /** A name for screen readers (the table is not otherwise titled). */
  caption?: string;
  /** Set while the rows shown are being replaced, so assistive technology waits for the new ones. */
  busy?: boolean;
  /** Shown across a single row when there are no items. */
  emptyText?: string;
}

/** A scrollable table: a header row from `columns` and one body row per item. */
export function DataTable<T>({
  columns,
  items,
  children,
  className = 'data-table',
  caption,
  busy,
  emptyText,
}: DataTableProps<T>) {
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                column
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && emptyText && (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {emptyText}
              </td>
            </tr>
          )}
          {items.map(children)}
        </tbody>
      </table>
    </div>
  );
}
