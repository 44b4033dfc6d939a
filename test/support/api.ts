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
  /** Another local stack's site (the restore drill's stacks); default the shared stack's. */
  apiUrl?: string;
}

/**
 * The viewer address CloudFront would forward for this test file's calls: each file calls from an
 * address of its own, so the per-address limits one file runs into never spill into another.
 */
const VIEWER_ADDRESS = randomViewerAddress();

function randomViewerAddress(): string {
  const octet = () => Math.floor(Math.random() * 256);
  // 198.18.0.0/15 is reserved for testing: a header value only, never a destination.
  return `198.${18 + (octet() % 2)}.${octet()}.${octet()}:443`;
}

/** Headers of a call from a visitor of its own (tests that stand for many different people). */
export function asNewVisitor(): Record<string, string> {
  return { 'cloudfront-viewer-address': randomViewerAddress() };
}

/** Calls the local API over real HTTP and returns status, headers and the parsed envelope. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'cloudfront-viewer-address': VIEWER_ADDRESS, ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const apiUrl = options.apiUrl ?? inject('localStack').apiUrl;
  const response = await fetch(`${apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Envelope<T> };
}

/** A short id unique to this test run, to keep test data apart in the shared table. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
