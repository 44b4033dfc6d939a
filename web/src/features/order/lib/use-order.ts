import type { ApplicationDetail } from '@shared/contract/applications';
import { useLiveNotices } from '@web/lib/live/use-live-notices';
import { type Resource, useResource } from '@web/lib/use-resource';
import { useEffect, useRef } from 'react';
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

/** What the page shows for the read: the last failure is kept while the next read runs. */
function orderState({ data, error }: Resource<ApplicationDetail>): OrderState {
  const failed = error !== null;
  if (failed && isNotFound(error)) return { phase: 'notFound' };
  if (data === undefined) return { phase: failed ? 'failed' : 'loading' };
  return { phase: 'ready', detail: data, stale: failed };
}

/**
 * The application of the order page, kept current: loaded at once, read again on each live notice
 * of it; while the live connection is not live, asked again every 15 s while the document is
 * visible and at once when it becomes visible again, with no timer while it is hidden; on becoming
 * live (the connection opened, or back after a drop), read once (notices of the gap were lost).
 * A notice's read drops the one under way, which may predate the change. `show` puts an action's
 * answer on the page and drops a read that started before it; `refresh` settles once the page shows
 * what it read.
 */
export function useOrder(id: string) {
  const order = useResource((signal) => fetchOrder(id, signal), [id], { keepError: true });
  const { reload, reloadAndWait: refresh, settle: show } = order;
  const state = orderState(order);
  const visible = useDocumentVisible();
  const reading = useRef(order.loading);
  reading.current = order.loading;

  const liveState = useLiveNotices({ types: ORDER_NOTICES, id }, reload);
  const live = liveState === 'live';
  // Not live when shown (the connection opening, or down): once live, read once for the gap. Every
  // state the page was in counts, seen or not (opening and opened can fall between two renders).
  const wasDown = useRef(!live);
  useEffect(() => {
    if (!live) {
      wasDown.current = true;
      return;
    }
    if (wasDown.current) reload();
    wasDown.current = false;
  }, [live, reload]);

  const polling = state.phase !== 'notFound' && !live;
  const seenBefore = useRef(visible);
  useEffect(() => {
    if (!visible || !polling) {
      seenBefore.current = visible;
      return;
    }
    // Back from a hidden tab: catch up at once rather than up to 15 s later.
    if (!seenBefore.current) reload();
    seenBefore.current = true;
    // A tick during a read leaves it be: its answer is as new, and a slow server still gets to answer.
    const timer = setInterval(() => {
      if (!reading.current) reload();
    }, ORDER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [visible, polling, reload]);

  return { state, refresh, show, liveState };
}
