import type { Envelope } from '@shared/envelope';
import {
  type ReplyData,
  type RouteCall,
  type RouteDefinition,
  routePath,
  routeQuery,
} from '@shared/routes/definition';
import { Agent } from 'undici';
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
 * The local stack sets CloudFront-Viewer-Address from the socket, as CloudFront does, so a caller
 * differs by its source address: Linux routes all of 127.0.0.0/8 to the loopback interface, and a
 * client bound to any 127.x.y.z reaches the stack listening on 127.0.0.1. Each file calls from a
 * loopback address of its own, so the per-address limits one file runs into never spill into
 * another (127.0.0.1, the browser's, is never drawn).
 */
const FILE_ADDRESS = randomLoopbackAddress();

/** Read by `api()` and not sent: the loopback address to call from instead of the file's. */
const SOURCE_ADDRESS_HEADER = 'x-test-source-address';

/** One connection pool per source address (undici pools per origin, so an agent binds one address). */
const agents = new Map<string, Agent>();

/** 127.1.0.1 to 127.255.255.254: never 127.0.0.1, nor a network or broadcast-looking address. */
function randomLoopbackAddress(): string {
  const from = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
  return `127.${from(1, 255)}.${from(0, 255)}.${from(1, 254)}`;
}

function agentFrom(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    // IPv4 only: a 127.x.y.z source cannot reach ::1, should `localhost` name it first. (undici's
    // type asks for the port here too, which each connection is given.)
    const connect = { family: 4 } as Agent.Options['connect'];
    agent = new Agent({ localAddress: address, connect });
    agents.set(address, agent);
  }
  return agent;
}

/**
 * Headers of a call from a visitor of its own (tests that stand for many different people): `api()`
 * calls from a new loopback address; pass the same headers again to call as the same visitor.
 */
export function asNewVisitor(): Record<string, string> {
  return { [SOURCE_ADDRESS_HEADER]: randomLoopbackAddress() };
}

/** A document a route `produces` (the monitors' XML, the transaction history's CSV), or its refusal. */
export interface DocumentAnswer {
  status: number;
  headers: Headers;
  /** The answer's text: the document, or a refusal's envelope as JSON (a byte order mark dropped, as fetch's text() drops it). */
  text: string;
  /** The answer's bytes as they came (a byte order mark included). */
  bytes: Uint8Array;
}

/** Calls the local API over real HTTP and returns status, headers and the parsed envelope. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const answer = await send(method, path, options);
  // A 304 (a conditional request whose answer did not change) has no body at all.
  const body = answer.status === 304 ? ({} as Envelope<T>) : (JSON.parse(answer.text) as Envelope<T>);
  return { status: answer.status, headers: answer.headers, body };
}

/** Calls the local API over real HTTP and returns status, headers and the answer's text as it came. */
export function apiDocument(
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<DocumentAnswer> {
  return send(method, path, options);
}

async function send(method: string, path: string, options: ApiCallOptions): Promise<DocumentAnswer> {
  const { [SOURCE_ADDRESS_HEADER]: sourceAddress = FILE_ADDRESS, ...headers } = options.headers ?? {};
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const apiUrl = options.apiUrl ?? inject('localStack').apiUrl;
  // Node's fetch is undici: it takes an undici agent as its dispatcher.
  const init: RequestInit & { dispatcher: Agent } = {
    method,
    headers,
    body,
    dispatcher: agentFrom(sourceAddress),
  };
  const response = await fetch(`${apiUrl}${path}`, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bytes };
}

/** What a test adds to a route's parts: who calls, from where, to which stack. */
type CallOptions = Omit<ApiCallOptions, 'body' | 'rawBody'>;
type CallArguments<R extends RouteDefinition> =
  Record<string, never> extends RouteCall<R>
    ? [parts?: RouteCall<R> & CallOptions]
    : [parts: RouteCall<R> & CallOptions];

/**
 * Calls a route as the web app does (`web/src/lib/api-client.ts`): the URL from the route's own
 * path, the body typed by its body schema, the answer's data by its response schema. `api()` stays
 * for what a route object cannot say: malformed bodies and paths no route has.
 */
export function call<R extends RouteDefinition>(
  route: R,
  ...[parts]: CallArguments<R>
): Promise<ApiAnswer<ReplyData<R>>> {
  const { params, query, body, ...options } = (parts ?? {}) as RouteCall<RouteDefinition> &
    CallOptions & { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  return api<ReplyData<R>>(route.method, `${routePath(route, params)}${routeQuery(query)}`, {
    ...options,
    body: route.body === undefined ? undefined : (body ?? {}),
  });
}

/** Calls a route that `produces` a document as the web app does, answering the document's text. */
export function callDocument<R extends RouteDefinition>(
  route: R,
  ...[parts]: CallArguments<R>
): Promise<DocumentAnswer> {
  const { params, query, ...options } = (parts ?? {}) as RouteCall<RouteDefinition> &
    CallOptions & { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return apiDocument(route.method, `${routePath(route, params)}${routeQuery(query)}`, options);
}

/** A short id unique to this test run, to keep test data apart in the shared table. */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
