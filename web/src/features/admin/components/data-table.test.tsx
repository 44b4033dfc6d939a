import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

function renderTable(items: string[]) {
  return render(
    <DataTable
      items={items}
      caption="Fruit"
      emptyText="No fruit yet"
      columns={[
        'Name',
        <th key="price" scope="col" className="num">
          Price
        </th>,
      ]}
    >
      {(item) => (
        <tr key={item}>
          <td>{item}</td>
          <td>1</td>
        </tr>
      )}
    </DataTable>,
  );
}

describe('DataTable', () => {
  afterEach(cleanup);

  it('makes a column header of each plain label and keeps the header cells given', () => {
    renderTable(['apple']);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Price']);
    expect(headers[1]!.className).toBe('num');
  });

  it('labels every body cell with its column’s name for the phone cards', () => {
    renderTable(['apple']);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Price']);
  });

  it('labels a sortable column without its decorative arrow', () => {
    render(
      <DataTable
        items={['apple']}
        columns={[
          <th key="name" scope="col">
            <button type="button">
              Name<span aria-hidden="true">▲</span>
            </button>
          </th>,
        ]}
      >
        {(item) => (
          <tr key={item}>
            <td>{item}</td>
          </tr>
        )}
      </DataTable>,
    );
    expect(screen.getByRole('cell').getAttribute('data-label')).toBe('Name');
  });

  it('renders a row per item', () => {
    renderTable(['apple', 'pear']);
    const body = screen.getAllByRole('rowgroup')[1]!;
    expect(within(body).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('No fruit yet')).toBeNull();
  });

  it('shows the empty text across every column when there are no items', () => {
    renderTable([]);
    expect(screen.getByRole('cell', { name: 'No fruit yet' }).getAttribute('colspan')).toBe('2');
  });
});
