import type { SortOrder } from '@shared/paging';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const PAGE = { items: ['apple'], total: 11, totalPages: 2 };

/** The query of the last load, after opening `url` and then clicking the button named, if any. */
async function lastQuery(url: string, button?: string) {
  const load = vi.fn(async (_query: FruitQuery) => PAGE);
  renderAdmin(<FruitList load={load} />, { url });
  await screen.findByText('apple');
  if (button) {
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  }
  return load.mock.lastCall?.[0];
}

describe('useListPage', () => {
  afterEach(cleanup);

  it('loads the page, sort and filters read from the URL', async () => {
    expect(await lastQuery('/admin?page=2&search=ap')).toEqual({
      page: 2,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: 'ap',
    });
  });

  it('goes back to the first page when the sort changes', async () => {
    expect(await lastQuery('/admin?page=2', 'sort')).toMatchObject({
      page: 1,
      sortBy: 'name',
      sortOrder: 'asc',
    });
  });

  it('keeps the sort when the page changes', async () => {
    expect(await lastQuery('/admin?sortBy=name&sortOrder=asc', 'next')).toMatchObject({
      page: 2,
      sortBy: 'name',
      sortOrder: 'asc',
    });
  });
});
