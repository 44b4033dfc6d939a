import { createHash } from 'node:crypto';
import type { Envelope } from '@shared/envelope';
import type { ApiResult } from './http-types';

/** Headers on every API answer: JSON, never cached, never sniffed. */
const API_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function envelopeResponse(
  statusCode: number,
  envelope: Envelope<unknown>,
  headers: Record<string, string> = {},
): ApiResult {
  return { statusCode, headers: { ...API_HEADERS, ...headers }, body: JSON.stringify(envelope) };
}

/** What a handler returns on success; the pipeline wraps it in the envelope. */
export interface Reply<T = unknown> {
  status?: number;
  message?: string;
  data?: T;
  headers?: Record<string, string>;
  /** A document answered as it is, on a route that `produces` one; `headers` give its type. */
  document?: string;
}

/**
 * The envelope around `data`, `data` alone on a route that answers bare (RouteDefinition.bare), or
 * the document of a route that produces one (`produces`: its type, UTF-8, when the handler names
 * none; never cached unless the handler says how; the handler's headers win).
 */
export function toResponse(reply: Reply, bare = false, produces?: string): ApiResult {
  if (reply.document !== undefined) {
    const status = reply.status ?? 200;
    return {
      statusCode: status,
      headers: {
        ...(produces && status !== 304 ? { 'Content-Type': `${produces}; charset=utf-8` } : {}),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        ...reply.headers,
      },
      body: reply.document,
    };
  }
  if (bare) {
    return {
      statusCode: reply.status ?? 200,
      headers: { ...API_HEADERS, ...reply.headers },
      body: JSON.stringify(reply.data),
    };
  }
  const envelope: Envelope<unknown> = { success: true, message: reply.message ?? 'OK' };
  if (reply.data !== undefined) envelope.data = reply.data;
  return envelopeResponse(reply.status ?? 200, envelope, reply.headers);
}

/**
 * A conditional route's answer (RouteDefinition.conditional): an ETag of the body, and 304 with no
 * body when the request's If-None-Match names it already. The answer is still computed: the saving
 * is the transfer and the page's work, not the read.
 */
export function withEntityTag(result: ApiResult, ifNoneMatch: string | undefined): ApiResult {
  if (result.statusCode !== 200 || typeof result.body !== 'string') return result;
  const etag = `"${createHash('sha256').update(result.body).digest('base64url').slice(0, 27)}"`;
  const headers = { ...result.headers, ETag: etag };
  const named = ifNoneMatch?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  if (named.includes(etag) || named.includes('*')) return { statusCode: 304, headers, body: '' };
  return { ...result, headers };
}
