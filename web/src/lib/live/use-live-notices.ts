import type { LiveNoticeType } from '@shared/contract/live';
import { useEffect, useRef } from 'react';
import type { LiveNoticeEvent, LiveState } from './live-client';
import { ensureLive, listenLive, useLiveStore } from './live-store';

export type { LiveNoticeEvent, LiveState } from './live-client';

/** Which notices a screen wants: of these types, and of this id when given. */
export interface LiveFilter {
  types: readonly LiveNoticeType[];
  id?: string;
}

/**
 * Subscribes a screen to the live notices that pass `filter` (the latest `onNotice` is called, so
 * an inline function does not resubscribe) and opens the tab's connection if it is not open.
 * Answers the connection's state, for the screen's polling and its live/reconnecting mark.
 */
export function useLiveNotices(filter: LiveFilter, onNotice: (notice: LiveNoticeEvent) => void): LiveState {
  const latest = useRef({ filter, onNotice });
  latest.current = { filter, onNotice };
  useEffect(() => {
    ensureLive();
    return listenLive((notice) => {
      const { filter: wanted, onNotice: handle } = latest.current;
      if (!wanted.types.includes(notice.type)) return;
      if (wanted.id !== undefined && wanted.id !== notice.id) return;
      handle(notice);
    });
  }, []);
  return useLiveStore((store) => store.state);
}

/**
 * A screen's polling, only while the connection is not live: `refresh` every `everyMs` while
 * `active` and the state is not `live` (with `pollWhenOff` false, only while `reconnecting`: a
 * screen that did not poll before live push existed). On becoming live (the connection opened
 * after the screen was shown, or came back after a drop) it refreshes once: notices of the gap were
 * lost.
 */
export function usePollWhileNotLive(
  state: LiveState,
  refresh: () => void,
  everyMs: number,
  { active = true, pollWhenOff = true }: { active?: boolean; pollWhenOff?: boolean } = {},
): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const polling = active && (state === 'reconnecting' || (state === 'off' && pollWhenOff));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => refreshRef.current(), everyMs);
    return () => clearInterval(timer);
  }, [polling, everyMs]);

  // Not live when mounted counts as down: the connection's opening and its open can both happen
  // between two renders, so the screen may never see `reconnecting`.
  const wasDown = useRef(state !== 'live');
  useEffect(() => {
    if (state !== 'live') wasDown.current = true;
    if (state === 'live' && wasDown.current && active) {
      wasDown.current = false;
      refreshRef.current();
    }
  }, [state, active]);
}
