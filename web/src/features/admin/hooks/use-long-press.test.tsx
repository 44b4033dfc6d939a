import { LONG_PRESS_MS } from '@shared/constants';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from './use-long-press';

function Pressable({ onLongPress }: { onLongPress: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <div data-testid="row" {...handlers}>
      <span>text</span>
      <button type="button">action</button>
    </div>
  );
}

describe('useLongPress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('fires after the pointer stays down for 500 ms', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByText('text'), { clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('does not fire before 500 ms have passed', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByText('text'), { clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('does not fire when the pointer is released early', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByText('text'), { clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerUp(screen.getByTestId('row'));
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('does not fire when the pointer moves away as in a scroll', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByText('text'), { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(screen.getByTestId('row'), { clientX: 10, clientY: 60 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('leaves a press on a control inside the row to that control', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'action' }), { clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
