import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A table's filters, sorting and page kept in the URL, so a filtered view can be linked to (the
 * dashboard's funnel) and survives a reload. Setting any value but `page` goes back to page 1.
 */
export function useQueryParams<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  // Defaults are constant per screen; a ref keeps them out of the hooks' dependencies.
  const fallbacks = useRef(defaults).current;
  const values = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(fallbacks) as K[]) read[key] = params.get(key) ?? fallbacks[key];
    return read;
  }, [params, fallbacks]);

  const update = useCallback(
    (changes: Partial<Record<K | 'open_id', string | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as Array<[string, string | undefined]>) {
            const fallback = (fallbacks as Record<string, string | undefined>)[key];
            if (value === undefined || value === '' || value === fallback) next.delete(key);
            else next.set(key, value);
          }
          const filtersChanged = Object.keys(changes).some((key) => key !== 'page' && key !== 'open_id');
          if (filtersChanged && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, fallbacks],
  );
  return { values, update, params };
}

export function pageNumber(value: string): number {
  const page = Number.parseInt(value, 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}
