import type { ApplicationDetail } from '@shared/contract/applications';
import { useLiveNotices } from '@web/lib/live/use-live-notices';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOrder, isNotFound } from '../api/order-api';
import { useDocumentVisible } from './use-document-visible';

/** How often the order page asks again while it can be seen and is not live (each time a conditional request). */
export const ORDER_REFRESH_MS = 15_000;

export type OrderState =
  | { phase: 'loading' }
  | { phase: 'notFound' }
  | { phase: 'failed' }
  /** `stale`: the last refresh failed, so what is shown may be behind (the next one tries again). */
  | { phase: 'ready'; detail: ApplicationDetail; stale: boolean };

/** The notices of an application the order page reads it again for (its thread listens for messages). */
const ORDER_NOTICES = ['application.created', 'application.paid', 'application.changed'] as const;

/**
 * The application of the order page, kept current: loaded at once, read again on each live notice
 * of it; while the live connection is not live, asked again every 15 s while the document is
 * visible and at once when it becomes visible again, with no timer while it is hidden; on becoming
 * live (the connection opened, or back after a drop), read once (notices of the gap were lost). `show` puts an action's answer on
 * the page; a refresh that started before it is dropped.
 */
export function useOrder(id: string) {
  const [state, setState] = useState<OrderState>({ phase: 'loading' });
  const visible = useDocumentVisible();
  /** Moves on with every answer the page shows otherwise and on leaving: older answers are dropped. */
  const generation = useRef(0);
  const inFlight = useRef(false);
  const controller = useRef<AbortController | null>(null);

  /** Asked for while a read was under way (a notice): read once more after it, it may predate the change. */
  const again = useRef(false);

  const refresh = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    const started = generation.current;
    try {
      do {
        again.current = false;
        try {
          const detail = await fetchOrder(id, controller.current?.signal);
          if (generation.current !== started) return;
          // A 304 answers the very object shown: nothing to render again.
          setState((shown) =>
            shown.phase === 'ready' && shown.detail === detail && !shown.stale
              ? shown
              : { phase: 'ready', detail, stale: false },
          );
        } catch (error) {
          if (generation.current !== started) return;
          if (isNotFound(error)) setState({ phase: 'notFound' });
          else
            setState((shown) => (shown.phase === 'ready' ? { ...shown, stale: true } : { phase: 'failed' }));
        }
      } while (again.current);
    } finally {
      if (generation.current === started) inFlight.current = false;
    }
  }, [id]);

  useEffect(() => {
    controller.current = new AbortController();
    setState({ phase: 'loading' });
    void refresh();
    return () => {
      generation.current += 1;
      inFlight.current = false;
      controller.current?.abort();
    };
  }, [refresh]);

  const liveState = useLiveNotices({ types: ORDER_NOTICES, id }, () => void refresh());
  const live = liveState === 'live';
  // Not live when shown (the connection opening, or down): once live, read once for the gap. Every
  // state the page was in counts, seen or not (opening and opened can fall between two renders).
  const wasDown = useRef(!live);
  useEffect(() => {
    if (!live) {
      wasDown.current = true;
      return;
    }
    if (wasDown.current) void refresh();
    wasDown.current = false;
  }, [live, refresh]);

  const polling = state.phase !== 'notFound' && !live;
  const seenBefore = useRef(visible);
  useEffect(() => {
    if (!visible || !polling) {
      seenBefore.current = visible;
      return;
    }
    // Back from a hidden tab: catch up at once rather than up to 15 s later.
    if (!seenBefore.current) void refresh();
    seenBefore.current = true;
    const timer = setInterval(() => void refresh(), ORDER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [visible, polling, refresh]);

  const show = useCallback((detail: ApplicationDetail) => {
    generation.current += 1;
    inFlight.current = false;
    setState({ phase: 'ready', detail, stale: false });
  }, []);

  return { state, refresh, show, liveState };
}
