import { type ReactElement, type ReactNode, useLayoutEffect, useRef } from 'react';
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

/** A header cell's name as a reader sees it: its text without the decorative (aria-hidden) parts. */
function headerLabel(header: HTMLTableCellElement): string {
  const copy = header.cloneNode(true) as HTMLElement;
  for (const decoration of copy.querySelectorAll('[aria-hidden="true"]')) decoration.remove();
  return copy.textContent?.trim() ?? '';
}

/**
 * Below 768 px the rows are cards (ui.css), each value under its column's name: every body cell gets
 * its header's name as `data-label`, so no screen can forget one. A cell that sets its own keeps it.
 */
function useCardLabels() {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const element = table.current;
    const headers = element?.tHead?.rows[0]?.cells;
    if (!element || !headers) return;
    const labels = [...headers].map(headerLabel);
    for (const body of element.tBodies) {
      for (const row of body.rows) {
        [...row.cells].forEach((cell, index) => {
          if (!cell.hasAttribute('colspan') && !cell.hasAttribute('data-label')) {
            cell.setAttribute('data-label', labels[index] ?? '');
          }
        });
      }
    }
  });
  return table;
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
  const table = useCardLabels();
  return (
    <div className="table-scroll refreshable" aria-busy={busy}>
      <table ref={table} className={className}>
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
