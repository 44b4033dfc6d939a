import type { Envelope, FieldError, RefusalParams } from '@shared/envelope';
import { authRefresh } from '@shared/routes/auth';
import {
  type ReplyData,
  type RouteCall,
  type RouteDefinition,
  routePath,
  routeQuery,
} from '@shared/routes/definition';
import { sessionHooks as hooks } from './session-hooks';
import { tokenStorage } from './token-storage';

export { setSessionHooks } from './session-hooks';

/**
 * The one way the web app calls the API (docs/product.md §7): `call(route, parts)` with a route
 * object of `shared/routes/` — the declaration the server runs — so the URL comes from the route's
 * path, the body is typed by its body schema and the answer by its response schema. JSON,
 * credentials, bearer token when one is stored. On a 401 of a route that needs a session, the
 * refresh token is exchanged once and the request retried once; parallel 401s, in this tab and in
 * other tabs, share one refresh. No refresh token, or a failed refresh, clears the session.
 * Failures reject with an ApiError carrying the envelope's message, code and params; a success
 * without the `data` its route declares rejects with a MissingDataError, so a caller reads `data`
 * as the route's response schema types it, never as optional. A route marked `conditional` is asked
 * with the ETag of its URL's last answer, and a 304 answers that answer again.
 */

/** The API refused: the envelope's status, message, code and params, and its field errors. */
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

  /** The refusal's code (docs/architecture.md §3): what the web translates it by. */
  get code(): string | undefined {
    return this.envelope?.code;
  }

  /** The values the refusal's message names. */
  get params(): RefusalParams | undefined {
    return this.envelope?.params;
  }
}

/**
 * The API answered success without the `data` its route declares: the answer broke the contract, so
 * no screen words it as a refusal (each shows its own fallback text).
 */
export class MissingDataError extends Error {
  constructor(readonly path: string) {
    super(`The answer of ${path} carried no data`);
    this.name = 'MissingDataError';
  }
}

interface Request {
  method: RouteDefinition['method'];
  /** The path with its parameters filled in and the query, as `routePath` and `routeQuery` build them. */
  url: string;
  body?: unknown;
  signal?: AbortSignal;
  /** The ETag of the answer this tab holds for the URL (a conditional route's): sent as If-None-Match. */
  etag?: string;
  /** What the answer may be, when not JSON alone (a route that `produces` a document). */
  accept?: string;
}

/** A conditional route's last answer for a URL, with its ETag (RouteDefinition.conditional). */
interface HeldAnswer {
  etag: string;
  envelope: Envelope<unknown>;
}

/**
 * The last answer of every conditional route's URL in this tab (in memory: a reload starts afresh).
 * A 304 is the server's word that the answer it would give now is this one, so it is answered again.
 */
const heldAnswers = new Map<string, HeldAnswer>();

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
  return stored ? tokenStorage.getToken() : null;
}

async function exchangeRefreshToken(refreshToken: string): Promise<string | null> {
  try {
    const response = await send({
      method: authRefresh.method,
      url: routePath(authRefresh),
      body: { refreshTokenFromBody: refreshToken },
    });
    const envelope = await readEnvelope<{ token?: string; refreshToken?: string }>(response);
    const token = envelope?.data?.token;
    if (!response.ok || !envelope?.success || !token) return null;
    const nextRefresh = envelope.data?.refreshToken ?? refreshToken;
    tokenStorage.setTokens(token, nextRefresh);
    return token;
  } catch {
    return null;
  }
}

function send(request: Request, token?: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: request.accept ?? 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.etag) headers['If-None-Match'] = request.etag;
  return fetch(request.url, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: 'include',
    signal: request.signal,
  });
}

/**
 * Sends with the session's token; on a 401 of a non-public route, once more with a fresh one (or
 * the session is lost). A public route's 401 is its answer (a wrong password, an expired code
 * step), not a lapsed token.
 */
async function sendInSession(request: Request, access: RouteDefinition['access']): Promise<Response> {
  const token = tokenStorage.getToken();
  const response = await send(request, token);
  if (response.status !== 401 || access === 'public') return response;
  // Another request may have refreshed while this one was in flight: use its token first.
  const stored = tokenStorage.getToken();
  const fresh = stored && stored !== token ? stored : await refreshSession();
  if (fresh) return send(request, fresh);
  tokenStorage.clear();
  hooks.onSessionLost();
  return response;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const parsed: unknown = await response.json();
    return parsed && typeof parsed === 'object' ? (parsed as Envelope<T>) : null;
  } catch {
    return null;
  }
}

/** The parts of a call, plus what only the browser side has (cancelling). */
type CallParts<R extends RouteDefinition> = RouteCall<R> & { signal?: AbortSignal };

/** The parts are optional for a route that takes none (no path parameters, no body). */
type CallArguments<R extends RouteDefinition> =
  Record<string, never> extends RouteCall<R> ? [parts?: CallParts<R>] : [parts: CallParts<R>];

/**
 * A successful answer: the envelope with its `data` present and typed by the route's response
 * schema (`undefined` for a route that declares none).
 */
export type Reply<R extends RouteDefinition> = Omit<Envelope<ReplyData<R>>, 'data'> & { data: ReplyData<R> };

/**
 * Calls the route: `call(adminGetApplication, { params: { id } })`. Answers the envelope, its
 * `data` typed by the route's response schema; rejects with an ApiError when the API refused, with
 * a MissingDataError when it answered without the data the route declares.
 */
export async function call<R extends RouteDefinition>(
  route: R,
  ...[parts]: CallArguments<R>
): Promise<Reply<R>> {
  const { params, query, body, signal } = (parts ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const request: Request = {
    method: route.method,
    url: `${routePath(route, params)}${routeQuery(query)}`,
    // A route with a body schema always sends an object (`{}` at least), as the server expects JSON.
    body: route.body === undefined ? undefined : (body ?? {}),
    signal,
  };
  const held = route.conditional ? heldAnswers.get(request.url) : undefined;
  if (held) request.etag = held.etag;
  const response = await sendInSession(request, route.access);
  if (response.status === 304 && held) return held.envelope as Reply<R>;
  const envelope = await readEnvelope<ReplyData<R>>(response);
  if (!response.ok || !envelope || envelope.success === false) {
    if (held) heldAnswers.delete(request.url);
    throw new ApiError(response.status, envelope?.message ?? '', envelope?.errors ?? [], envelope);
  }
  if (route.response !== undefined && (envelope.data === undefined || envelope.data === null)) {
    throw new MissingDataError(route.path);
  }
  if (route.conditional) holdAnswer(request.url, response.headers.get('ETag'), envelope);
  return envelope as Reply<R>;
}

/** Keeps a conditional route's answer for its URL while it has an ETag (an answer without one is not kept). */
function holdAnswer(url: string, etag: string | null, envelope: Envelope<unknown>) {
  if (etag) heldAnswers.set(url, { etag, envelope });
  else heldAnswers.delete(url);
}

/** A route whose successful answer is a document, not the envelope (RouteDefinition.produces). */
type DocumentRoute = RouteDefinition & { produces: NonNullable<RouteDefinition['produces']> };

/** A document as it arrived: its bytes, and the file name its Content-Disposition gives, if any. */
export interface DocumentReply {
  blob: Blob;
  fileName: string | null;
  headers: Headers;
}

/** `attachment; filename="a.csv"` → `a.csv` (the server's names are plain ASCII, quoted). */
function attachmentName(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match ? match[1]! : null;
}

/**
 * Calls a route that `produces` a document (the transaction history's CSV) as `call` does — the
 * route object, the session, one refresh on a 401 — and answers the document as a Blob to save. A
 * refusal still comes in the envelope and rejects with its ApiError.
 */
export async function callDocument<R extends DocumentRoute>(
  route: R,
  ...[parts]: CallArguments<R>
): Promise<DocumentReply> {
  const { params, query, signal } = (parts ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
  };
  const request: Request = {
    method: route.method,
    url: `${routePath(route, params)}${routeQuery(query)}`,
    signal,
    accept: `${route.produces}, application/json`,
  };
  const response = await sendInSession(request, route.access);
  if (!response.ok) {
    const envelope = await readEnvelope<unknown>(response);
    throw new ApiError(response.status, envelope?.message ?? '', envelope?.errors ?? [], envelope);
  }
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('Content-Disposition')),
    headers: response.headers,
  };
}

/** Why an upload to the bucket failed: S3's error code from its XML answer, when it gave one. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
  ) {
    super(`The bucket refused the upload (${status}${s3Code ? ` ${s3Code}` : ''}).`);
    this.name = 'UploadRefused';
  }
}

/**
 * Sends a file by its presigned POST (a thread's attachment, a verification photo) straight to the
 * uploads bucket: the form's fields in the order given, then the file last (S3 ignores fields after
 * it). The bucket answers 204 with no body, or S3's XML error. Here rather than in the thread's
 * module so the pages that upload share the client's chunk (the six-character hashes of
 * web/vite.config.ts bound the number of chunks to 64).
 */
export async function uploadFile(
  upload: { url: string; fields: Record<string, string> },
  file: Blob,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const answer = await fetch(upload.url, { method: 'POST', body: form });
  if (answer.ok) return;
  const text = await answer.text().catch(() => '');
  throw new UploadRefused(answer.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null);
}
