import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads an invocation makes once however often its code asks (settingValue's settings). A store per
 * invocation keeps concurrent requests apart on the local server, as the logger's does; outside one
 * (a test or script calling the domain) every call reads.
 */
const memos = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a handler with a memo of its own for each invocation. */
export function withInvocationMemo<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) => memos.run(new Map(), () => handler(...args));
}

/** Whether the code runs within an invocation (a handler's), where reads can be kept. */
export function inInvocation(): boolean {
  return memos.getStore() !== undefined;
}

/** The invocation's first answer of `read` under `key`. */
export function readOncePerInvocation<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = memos.getStore();
  if (!memo) return read();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
  }
  return answer;
}
