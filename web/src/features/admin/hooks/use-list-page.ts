import { ADMIN_PAGE_SIZE } from '@shared/constants';
import type { Paged, SortOrder } from '@shared/paging';
import { useResource } from '@web/lib/use-resource';
import { pageNumber, useQueryParams } from './use-query-params';

/** The paging part of a list's query, as the list routes' query schemas take it (shared/paging.ts). */
interface ListQuery {
  page?: unknown;
  limit?: unknown;
  sortBy?: string;
  sortOrder?: SortOrder;
}

const PAGING_DEFAULTS = { page: '1', sortBy: 'createdAt', sortOrder: 'desc' };

/**
 * A server-paged table whose page, sort and filters live in the URL (see useQueryParams): the page
 * loaded for them, and what its sort headers and pager need to change them. The URL's values go to
 * the list's route as they are (`as Q`): its query schema refuses one it does not know (400).
 */
export function useListPage<K extends string, Q extends ListQuery, T extends Paged<unknown>>(
  filterDefaults: Record<K, string>,
  filtersOf: (values: Record<K, string>) => Omit<Q, keyof ListQuery>,
  load: (query: Q, signal: AbortSignal) => Promise<T>,
) {
  const { values, update } = useQueryParams<K | keyof typeof PAGING_DEFAULTS>({
    ...PAGING_DEFAULTS,
    ...filterDefaults,
  });
  const page = pageNumber(values.page);
  const query = {
    page,
    limit: ADMIN_PAGE_SIZE,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    ...filtersOf(values),
  } as Q;
  // The query's text is the dependency: a new object each render must not reload.
  const list = useResource((signal) => load(query, signal), [JSON.stringify(query)]);
  // The generic filter keys hide from TypeScript that the paging keys are among them.
  const change = update as (changes: Partial<Record<keyof typeof PAGING_DEFAULTS, string>>) => void;
  const sorting = {
    sortBy: values.sortBy as NonNullable<Q['sortBy']>,
    sortOrder: values.sortOrder as SortOrder,
    onSort: (field: NonNullable<Q['sortBy']>, order: SortOrder) =>
      change({ sortBy: field, sortOrder: order }),
  };
  const paging = {
    page,
    pageSize: ADMIN_PAGE_SIZE,
    onPage: (next: number) => change({ page: String(next) }),
  };
  return { values, update, list, sorting, paging };
}
