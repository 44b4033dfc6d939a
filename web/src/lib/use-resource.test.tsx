import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Load, type ResourceOptions, useResource } from './use-resource';

/** A request the test answers when it chooses, holding the signal the hook gave it. */
interface Pending<T> {
  signal: AbortSignal;
  answer: (value: T) => void;
  fail: (error: unknown) => void;
}

/** A load whose requests wait for the test: each call is kept in `requests`, in order. */
function controlledLoad<T>() {
  const requests: Pending<T>[] = [];
  const load = (signal: AbortSignal) =>
    new Promise<T>((answer, fail) => {
      requests.push({ signal, answer, fail });
    });
  return { load, requests };
}

function renderResource<T>(load: Load<T>, deps: unknown[] = [], options: ResourceOptions = {}) {
  return renderHook(({ current, keys }) => useResource(current, keys, options), {
    initialProps: { current: load, keys: deps },
  });
}

describe('useResource', () => {
  it('shows the answer once it arrives, loading until then', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    expect(result.current).toMatchObject({ data: undefined, loading: true, error: null });

    await act(async () => requests[0]!.answer('rates'));

    expect(result.current).toMatchObject({ data: 'rates', loading: false, error: null });
  });

  it('aborts the request under way when the screen closes, and sets nothing after', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result, unmount } = renderResource(load);
    const before = result.current;

    unmount();
    await act(async () => requests[0]!.answer('too late'));

    expect(requests[0]!.signal.aborted).toBe(true);
    expect(result.current).toBe(before);
  });

  it('reports a failure, and a reload clears it and loads again', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    const failure = new Error('down');
    await act(async () => requests[0]!.fail(failure));
    expect(result.current).toMatchObject({ data: undefined, loading: false, error: failure });

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ loading: true, error: null });
    await act(async () => requests[1]!.answer('back'));

    expect(requests).toHaveLength(2);
    expect(result.current).toMatchObject({ data: 'back', loading: false, error: null });
  });

  it('keeps the last answer on screen while a reload is under way', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    await act(async () => requests[0]!.answer('first'));

    act(() => result.current.reload());

    expect(result.current).toMatchObject({ data: 'first', loading: true });
    await act(async () => requests[1]!.answer('second'));
    expect(result.current.data).toBe('second');
  });

  it('drops the answer of a request its dependencies have moved on from', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result, rerender } = renderResource(load, ['USD']);

    rerender({ current: load, keys: ['EUR'] });
    await act(async () => requests[1]!.answer('EUR rates'));
    await act(async () => requests[0]!.answer('USD rates'));

    expect(requests[0]!.signal.aborted).toBe(true);
    expect(result.current.data).toBe('EUR rates');
  });

  it('stays idle, asking nothing, while there is nothing to load', () => {
    const { result } = renderResource<string>(null);

    expect(result.current).toMatchObject({ data: undefined, loading: false, error: null });
  });

  it('replaces the data when the screen sets it (a row the server sent back)', async () => {
    const { load, requests } = controlledLoad<string[]>();
    const { result } = renderResource(load);
    await act(async () => requests[0]!.answer(['a', 'b']));

    act(() => result.current.setData((rows) => rows?.filter((row) => row !== 'a')));

    await waitFor(() => expect(result.current.data).toEqual(['b']));
  });

  it('settles a reload waited for once the answer it asked for is shown', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    await act(async () => requests[0]!.answer('before'));
    let settled = false;

    act(() => void result.current.reloadAndWait().then(() => (settled = true)));
    await act(async () => undefined);
    expect(settled).toBe(false);
    await act(async () => requests[1]!.answer('after'));

    expect(settled).toBe(true);
    expect(result.current.data).toBe('after');
  });

  it('settles a reload waited for whose load was overtaken only with the newer answer', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    await act(async () => requests[0]!.answer('first'));
    let settled = false;

    act(() => void result.current.reloadAndWait().then(() => (settled = true)));
    act(() => result.current.reload());
    await act(async () => requests[1]!.answer('overtaken'));
    expect(settled).toBe(false);
    await act(async () => requests[2]!.answer('newest'));

    expect(settled).toBe(true);
    expect(result.current.data).toBe('newest');
  });

  it('settles the reloads waited for when the screen closes', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result, unmount } = renderResource(load);
    await act(async () => requests[0]!.answer('shown'));
    let waiting: Promise<void> | undefined;
    act(() => {
      waiting = result.current.reloadAndWait();
    });

    unmount();

    await expect(waiting).resolves.toBeUndefined();
  });

  it("shows an action's answer and drops the load under way, which started before it", async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load);
    await act(async () => requests[0]!.answer('before'));
    act(() => result.current.reload());

    act(() => result.current.settle('the action’s answer'));
    await act(async () => requests[1]!.answer('older'));

    expect(requests[1]!.signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ data: 'the action’s answer', loading: false, error: null });
  });

  it('keeps the last failure while a reload runs when asked to, until an answer clears it', async () => {
    const { load, requests } = controlledLoad<string>();
    const { result } = renderResource(load, [], { keepError: true });
    await act(async () => requests[0]!.answer('shown'));
    const failure = new Error('down');
    act(() => result.current.reload());
    await act(async () => requests[1]!.fail(failure));

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'shown', loading: true, error: failure });
    await act(async () => requests[2]!.answer('back'));

    expect(result.current).toMatchObject({ data: 'back', loading: false, error: null });
  });
});
