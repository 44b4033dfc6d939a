import type { ApplicationDetail } from '@shared/contract/applications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOrder, isNotFound } from '../api/order-api';
import { useDocumentVisible } from './use-document-visible';

/** How often the order page asks again while it can be seen (each time a conditional request). */
export const ORDER_REFRESH_MS = 15_000;

export type OrderState =
  | { phase: 'loading' }
  | { phase: 'notFound' }
  | { phase: 'failed' }
  /** `stale`: the last refresh failed, so what is shown may be behind (the next one tries again). */
  | { phase: 'ready'; detail: ApplicationDetail; stale: boolean };

/**
 * The application of the order page, kept current: loaded at once, asked again every 15 s while
 * the document is visible and at once when it becomes visible again, with no timer while it is
 * hidden. `show` puts an action's answer on the page; a refresh that started before it is dropped.
 */
export function useOrder(id: string) {
  const [state, setState] = useState<OrderState>({ phase: 'loading' });
  const visible = useDocumentVisible();
  /** Moves on with every answer the page shows otherwise and on leaving: older answers are dropped. */
  const generation = useRef(0);
  const inFlight = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const started = generation.current;
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
      else setState((shown) => (shown.phase === 'ready' ? { ...shown, stale: true } : { phase: 'failed' }));
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

  const polling = state.phase !== 'notFound';
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

  return { state, refresh, show };
}
