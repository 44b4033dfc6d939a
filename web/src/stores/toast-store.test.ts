import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps at most 20 toasts, dropping the oldest', () => {
    for (let index = 0; index < 25; index += 1) toast.blank(`message ${index}`);

    const messages = useToastStore.getState().toasts.map((item) => item.message);

    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('message 5');
    expect(messages[19]).toBe('message 24');
  });

  it('removes a success toast after 2000 ms', () => {
    toast.success('saved');

    vi.advanceTimersByTime(1999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it.each([
    ['error', toast.error],
    ['blank', toast.blank],
    ['custom', toast.custom],
  ] as const)('removes a %s toast after 4000 ms', (_type, show) => {
    show('text');

    vi.advanceTimersByTime(3999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps a loading toast until it is dismissed', () => {
    const id = toast.loading('working');

    vi.advanceTimersByTime(600_000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    toast.dismiss(id);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('honours a custom duration such as the 10 s cancel confirmation', () => {
    toast.custom('Cancel?', { duration: 10_000 });

    vi.advanceTimersByTime(9_999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('replaces a toast shown again with the same id', () => {
    toast.custom('first', { id: 'same' });
    toast.custom('second', { id: 'same' });

    expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual(['second']);
  });
});
