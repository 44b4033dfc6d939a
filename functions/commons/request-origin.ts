import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a request came from, as the audit trail records it beside each change it made. */
export interface RequestOrigin {
  /** The caller's address (the viewer's, behind CloudFront). */
  ip: string;
  /** The caller's User-Agent, cut to DEVICE_MAX characters; null when none was sent. */
  device: string | null;
}

/** A User-Agent is a few hundred characters; the rest of a longer one is noise a caller chose. */
const DEVICE_MAX = 300;

const origins = new AsyncLocalStorage<RequestOrigin>();

/**
 * Runs a request's work with its origin known to everything it calls, so each audit entry the
 * work writes names it without every domain function passing it on. Work outside a request (a job,
 * the chain watcher, a stream worker) runs without one: its entries carry no address or device.
 */
export function withRequestOrigin<T>(
  origin: { ip: string; userAgent: string | undefined },
  work: () => Promise<T>,
): Promise<T> {
  const device = origin.userAgent ? origin.userAgent.slice(0, DEVICE_MAX) : null;
  return origins.run({ ip: origin.ip, device }, work);
}

/** The origin of the request being served, if any. */
export function currentRequestOrigin(): RequestOrigin | undefined {
  return origins.getStore();
}
