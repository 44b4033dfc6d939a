import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SortOrder } from '../../../../../shared/paging';
import { renderAdmin } from '../test-utils';
import { useListPage } from './use-list-page';

interface FruitQuery {
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'name';
  sortOrder: SortOrder;
  search?: string;
}

function FruitList({
  load,
}: {
  load: (query: FruitQuery) => Promise<{ items: string[]; total: number; totalPages: number }>;
}) {
  const { list, sorting, paging } = useListPage({ search: '' }, ({ search }) => ({ search }), load);
  return (
    <>
      <p>{list.data?.items.join(', ')}</p>
      <button type="button" onClick={() => sorting.onSort('name', 'asc')}>
        sort
      </button>
      <button type="button" onClick={() => paging.onPage(paging.page + 1)}>
        next
      </button>
    </>
  );
}

describe('useListPage', () => {
  afterEach(cleanup);

  it('loads the page, sort and filters read from the URL', async () => {
    const load = vi.fn(async () => ({ items: ['apple'], total: 11, totalPages: 2 }));
    renderAdmin(<FruitList load={load} />, { url: '/admin?page=2&search=ap' });
    await screen.findByText('apple');
    expect(load).toHaveBeenCalledWith(
      { page: 2, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', search: 'ap' },
      expect.any(AbortSignal),
    );
  });

  it('goes back to the first page when the sort changes', async () => {
    const load = vi.fn(async () => ({ items: ['apple'], total: 11, totalPages: 2 }));
    renderAdmin(<FruitList load={load} />, { url: '/admin?page=2' });
    fireEvent.click(screen.getByRole('button', { name: 'sort' }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(
        { page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc', search: '' },
        expect.any(AbortSignal),
      ),
    );
  });

  it('keeps the sort when the page changes', async () => {
    const load = vi.fn(async () => ({ items: ['apple'], total: 11, totalPages: 2 }));
    renderAdmin(<FruitList load={load} />, { url: '/admin?sortBy=name&sortOrder=asc' });
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(
        { page: 2, limit: 10, sortBy: 'name', sortOrder: 'asc', search: '' },
        expect.any(AbortSignal),
      ),
    );
  });
});
