import type { Envelope } from '@shared/envelope';
import { inject } from 'vitest';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface ApiCallOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls the local API over real HTTP and returns status, headers and the parsed envelope. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${inject('localStack').apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Envelope<T> };
}

/** A short id unique to this test run, to keep test data apart in the shared table. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
