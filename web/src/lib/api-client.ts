import type { Envelope, FieldError } from '@shared/envelope';
import { sessionHooks as hooks } from './session-hooks';
import { tokenStorage } from './token-storage';

export { setSessionHooks } from './session-hooks';

/**
 * The one way the web app calls the API (docs/product.md §7): base `/api`, JSON, credentials, bearer token
 * when one is stored. On a 401 (not for login, its code step or refresh) the refresh token is exchanged once and
 * the request retried once; parallel 401s, in this tab and in other tabs, share one refresh. No
 * refresh token, or a failed refresh, clears the session. Failures reject with an ApiError
 * carrying the envelope's message.
 */
export const API_BASE = '/api';
const NO_REFRESH_PATHS = ['/auth/login', '/auth/refresh', '/auth/mfa/verify'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

let refreshing: Promise<string | null> | null = null;
/** The Web Lock that lets one tab of the origin at a time exchange the refresh token. */
const REFRESH_LOCK = 'auth-refresh';

/**
 * Exchanges the refresh token for a new access token. Concurrent callers in this tab share one
 * exchange; other tabs of the origin take turns under a Web Lock, because the server treats a
 * second use of the same refresh token as theft and revokes the session in every tab.
 */
export function refreshSession(): Promise<string | null> {
  refreshing ??= refreshOnceAcrossTabs().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnceAcrossTabs(): Promise<string | null> {
  const startedWith = tokenStorage.getRefreshToken();
  if (!startedWith) return null;
  // Browsers without Web Locks (before Safari 15.4, Firefox 96) share the refresh within a tab only.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return exchangeRefreshToken(startedWith);
  return locks.request(REFRESH_LOCK, () => takeRotatedOrExchange(startedWith));
}

/** Inside the lock: the tab that held it before may have rotated the token this tab started with. */
async function takeRotatedOrExchange(startedWith: string): Promise<string | null> {
  const stored = tokenStorage.getRefreshToken();
  if (stored === startedWith) return exchangeRefreshToken(startedWith);
  // Rotated (the pair is stored together) or cleared by a refused refresh: take what is stored.
  const token = stored ? tokenStorage.getToken() : null;
  if (token) hooks.onTokenRefreshed(token, stored);
  return token;
}

async function exchangeRefreshToken(refreshToken: string): Promise<string | null> {
  try {
    const response = await send('/auth/refresh', {
      method: 'POST',
      body: { refreshTokenFromBody: refreshToken },
    });
    const envelope = await readEnvelope<{ token?: string; refreshToken?: string }>(response);
    const token = envelope?.data?.token;
    if (!response.ok || !envelope?.success || !token) return null;
    const nextRefresh = envelope.data?.refreshToken ?? refreshToken;
    tokenStorage.setTokens(token, nextRefresh);
    hooks.onTokenRefreshed(token, nextRefresh);
    return token;
  } catch {
    return null;
  }
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function send(path: string, options: ApiRequestOptions, token?: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const parsed: unknown = await response.json();
    return parsed && typeof parsed === 'object' ? (parsed as Envelope<T>) : null;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<Envelope<T>> {
  const token = tokenStorage.getToken();
  let response = await send(path, options, token);
  if (response.status === 401 && !NO_REFRESH_PATHS.includes(path)) {
    // Another request may have refreshed while this one was in flight: use its token first.
    const stored = tokenStorage.getToken();
    const fresh = stored && stored !== token ? stored : await refreshSession();
    if (fresh) {
      response = await send(path, options, fresh);
    } else {
      tokenStorage.clear();
      hooks.onSessionLost();
    }
  }
  const envelope = await readEnvelope<T>(response);
  if (!response.ok || !envelope || envelope.success === false) {
    throw new ApiError(response.status, envelope?.message ?? '', envelope?.errors ?? [], envelope);
  }
  return envelope;
}

export const api = {
  request: apiRequest,
  get: <T>(path: string, query?: ApiRequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
};
