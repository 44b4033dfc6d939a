import { LONG_PRESS_MS } from '@shared/constants';
import { type PointerEvent, useCallback, useEffect, useRef } from 'react';

/** A press that moves further than this is a scroll or a drag, not a long press. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * Calls `onLongPress` when a pointer stays down on the element for `ms` (docs/product.md §9: 500 ms), the
 * touch counterpart of a double-click. Presses that start on a control inside the element
 * (a select, a button, a link) belong to that control and are ignored.
 */
export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const callback = useRef(onLongPress);
  callback.current = onLongPress;

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== undefined && event.button > 0) return;
      if (isInteractive(event.target, event.currentTarget)) return;
      cancel();
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        origin.current = null;
        callback.current();
      }, ms);
    },
    [cancel, ms],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const start = origin.current;
      if (!start) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE_PX) cancel();
    },
    [cancel],
  );

  return {
    onPointerDown,
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onPointerMove,
  };
}

const INTERACTIVE = 'a, button, input, select, textarea, label, dialog, [role="switch"], [role="button"]';

/** Whether the event started on a control nested inside the row (not the row itself). */
export function isInteractive(target: EventTarget | null, container: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(INTERACTIVE);
  return control !== null && control !== container && container.contains(control);
}
