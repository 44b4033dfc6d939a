import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react';

/** How a screen reads from the server: `load(signal)` answers what to show; null loads nothing now. */
export type Load<T> = ((signal: AbortSignal) => Promise<T>) | null;

export interface Resource<T> {
  /** The last answer; kept while a reload is under way, and after a reload failed. */
  data: T | undefined;
  /** Why the last load failed; null while one is under way and after a success. */
  error: unknown;
  loading: boolean;
  /** Loads again (a retry, a refresh after a change, a live notice, a poll). */
  reload: () => void;
  /** Replaces the loaded data (an optimistic change, or a row the server sent back). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

export interface ResourceOptions {
  /**
   * Shows each answer in a transition: its render yields to the browser, for data that is not
   * urgent on a page that may still be hydrating (the landing page's prices, a long select).
   */
  transition?: boolean;
}

interface Shown<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * The one way a screen reads server data (docs/architecture.md §1): loads when mounted, again
 * when `deps` change or on `reload`, and aborts the request under way on each of those and on
 * unmount, so an older answer never replaces a newer one and a closed screen sets nothing. A null
 * `load` (nothing to ask yet: an invalid pair, an amount not typed) leaves it idle.
 */
export function useResource<T>(
  load: Load<T>,
  deps: DependencyList,
  { transition }: ResourceOptions = {},
): Resource<T> {
  const [shown, setShown] = useState<Shown<T>>({ data: undefined, error: null, loading: load !== null });
  const [generation, reload] = useReducer((count: number) => count + 1, 0);
  const loader = useRef(load);
  loader.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload.
  useEffect(() => {
    const current = loader.current;
    const loading = current !== null;
    const controller = new AbortController();
    const settle = (next: (before: Shown<T>) => Shown<T>) => {
      if (controller.signal.aborted) return;
      if (transition) startTransition(() => setShown(next));
      else setShown(next);
    };
    // Unchanged state is kept as it is: no render for nothing (a page may still be hydrating).
    setShown((before) =>
      before.loading === loading && before.error === null ? before : { ...before, error: null, loading },
    );
    current?.(controller.signal).then(
      (data) => settle(() => ({ data, error: null, loading: false })),
      (error: unknown) => settle((before) => ({ ...before, error, loading: false })),
    );
    return () => controller.abort();
  }, [...deps, generation]);

  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) =>
      setShown((before) => ({ ...before, data: update(before.data) })),
    [],
  );
  return { ...shown, reload, setData };
}
