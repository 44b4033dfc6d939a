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
  /** Why the last load failed; null after a success, and while one is under way unless `keepError`. */
  error: unknown;
  loading: boolean;
  /** Loads again (a retry, a refresh after a change, a live notice, a poll). */
  reload: () => void;
  /**
   * Loads again, and settles once a load started after the call has answered or failed (or an
   * answer was settled, or the screen closed): an action waits until the screen shows its outcome.
   * It never rejects.
   */
  reloadAndWait: () => Promise<void>;
  /** Replaces the loaded data (an optimistic change, or a row the server sent back). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
  /**
   * Shows an answer the screen got otherwise, whole, as a load would answer it (an action's reply),
   * and drops the load under way: it started before the action, so its answer may be older.
   */
  settle: (data: T) => void;
}

export interface ResourceOptions {
  /**
   * Shows each answer in a transition: its render yields to the browser, for data that is not
   * urgent on a page that may still be hydrating (the landing page's prices, a long select).
   */
  transition?: boolean;
  /**
   * Keeps the last failure while a reload runs, until an answer clears it: a screen that says its
   * data may be behind keeps saying so while it tries again, instead of blinking at each poll.
   */
  keepError?: boolean;
}

interface Shown<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/** A `reloadAndWait` call waiting for the first load numbered `load` or later to settle. */
interface Waiter {
  load: number;
  done: () => void;
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
  { transition, keepError }: ResourceOptions = {},
): Resource<T> {
  const [shown, setShown] = useState<Shown<T>>({ data: undefined, error: null, loading: load !== null });
  const [generation, loadAgain] = useReducer((count: number) => count + 1, 0);
  const loader = useRef(load);
  loader.current = load;
  /** How many loads have started: a reloadAndWait waits for one started after it was called. */
  const started = useRef(0);
  const underWay = useRef<AbortController | null>(null);
  const waiting = useRef<Waiter[]>([]);

  const release = useCallback((upTo: number) => {
    const done = waiting.current.filter((waiter) => waiter.load <= upTo);
    waiting.current = waiting.current.filter((waiter) => waiter.load > upTo);
    for (const waiter of done) waiter.done();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload.
  useEffect(() => {
    const current = loader.current;
    const loading = current !== null;
    const number = ++started.current;
    const controller = new AbortController();
    underWay.current = controller;
    const show = (next: (before: Shown<T>) => Shown<T>) => {
      if (controller.signal.aborted) return;
      if (transition) startTransition(() => setShown(next));
      else setShown(next);
      release(number);
    };
    // Unchanged state is kept as it is: no render for nothing (a page may still be hydrating).
    setShown((before) => {
      const error = keepError ? before.error : null;
      return before.loading === loading && before.error === error ? before : { ...before, error, loading };
    });
    if (current === null) release(number);
    else
      current(controller.signal).then(
        (data) => show(() => ({ data, error: null, loading: false })),
        (error: unknown) => show((before) => ({ ...before, error, loading: false })),
      );
    return () => controller.abort();
  }, [...deps, generation]);

  // A closed screen answers nothing more: nobody waits for it.
  useEffect(() => () => release(Number.POSITIVE_INFINITY), [release]);

  const reloadAndWait = useCallback(
    () =>
      new Promise<void>((done) => {
        waiting.current.push({ load: started.current + 1, done });
        loadAgain();
      }),
    [],
  );
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) =>
      setShown((before) => ({ ...before, data: update(before.data) })),
    [],
  );
  const settle = useCallback(
    (data: T) => {
      underWay.current?.abort();
      setShown({ data, error: null, loading: false });
      release(started.current);
    },
    [release],
  );
  return { ...shown, reload: loadAgain, reloadAndWait, setData, settle };
}
