import type { Envelope, FieldError, RefusalParams } from '@shared/envelope';
import type { ReplyData, RouteDefinition } from '@shared/routes/definition';
import { responseSchemaOf } from '@shared/routes/response-schema';
import { ApiError } from '@web/lib/api-client';
import { vi } from 'vitest';

/**
 * The one way web tests fake the API: answers are given per route object (the declaration the
 * server runs, `shared/routes/`), and every successful answer's `data` is checked against the
 * route's response schema when it is given, so a stub cannot answer what the server never would
 * (`{ id: 'a1' }` for an application). A request no answer was given for, or an answer that fails
 * its schema at request time, is a problem the test file's `afterEach` reports
 * (web/src/testing/setup.ts): the test fails even if the screen swallowed the failed call.
 */
export interface FakeReply<T = unknown> {
  status: number;
  body: Envelope<T>;
  /** Response headers (an ETag). */
  headers?: Record<string, string>;
}

/** A success: its data typed by the route's answer when given to `answer`. */
type Success<T> = FakeReply<T> & { body: { success: true } };
type Refusal = FakeReply<unknown> & { body: { success: false } };
/** A conditional route's 304: no body (RouteDefinition.conditional). */
type NotModified = { status: 304; body: null; headers?: Record<string, string> };

/** What a request sent, as the route's parts. */
export interface FakeRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** The document a route that `produces` one answers (the history's CSV), as it is (RouteDefinition.produces). */
export interface FakeDocument {
  status: 200;
  body: null;
  document: string;
  headers?: Record<string, string>;
}

type Reply = FakeReply | NotModified | FakeDocument;
type Answer = Reply | ((request: FakeRequest) => Reply);
/**
 * What `answer` takes for a route: a success with its data, a refusal, a 304 (a conditional route's
 * only), or a function of the request.
 */
type AnswerOf<R extends RouteDefinition> =
  | Success<ReplyData<R>>
  | Refusal
  | (R extends { conditional: true } ? NotModified : never)
  | (R extends { produces: string } ? FakeDocument : never)
  | ((
      request: FakeRequest,
    ) =>
      | Success<ReplyData<R>>
      | Refusal
      | (R extends { conditional: true } ? NotModified : never)
      | (R extends { produces: string } ? FakeDocument : never));

interface Registration {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  answers: Answer[];
  /** The last answer is kept for every later request; a list is answered in turn. */
  repeatLast: boolean;
  requests: FakeRequest[];
}

/** A successful answer with `data` (checked against the route's response schema by `answer`). */
export function ok<T>(data: T, message = ''): Success<T> {
  return { status: 200, body: { success: true, message, ...(data === undefined ? {} : { data }) } };
}

/** A successful answer without data (a route that declares none). */
export function done(message = ''): Success<undefined> {
  return { status: 200, body: { success: true, message } };
}

/** `reply` with an ETag header, as a conditional route answers (RouteDefinition.conditional). */
export function withEtag<T extends FakeReply>(reply: T, etag: string): T {
  return { ...reply, headers: { ...reply.headers, ETag: etag } };
}

/** A conditional route's answer when the request's If-None-Match names the current ETag: 304, no body. */
export function notModified(etag: string): NotModified {
  return { status: 304, body: null, headers: { ETag: etag } };
}

/** A route's document (one that `produces` it), answered as it is with its headers; the type is the route's. */
export function document(text: string, headers: Record<string, string> = {}): FakeDocument {
  return { status: 200, body: null, document: text, headers };
}

/**
 * A refusal in the envelope: the server's text, its code and params (what the web words it by:
 * give the real code, docs/architecture.md §3), field errors, and `data` where a refusal carries it.
 */
export function refused(
  status: number,
  message: string,
  extra: { code?: string; params?: RefusalParams; errors?: FieldError[]; data?: unknown } = {},
): Refusal {
  return { status, body: { success: false, message, ...extra } };
}

/**
 * The ApiError a call rejects with when the API answers `refused(status, message, extra)`, for a
 * test that stubs an API module's function rather than the route.
 */
export function refusalError(
  status: number,
  message: string,
  extra: { code?: string; params?: RefusalParams; errors?: FieldError[]; data?: unknown } = {},
): ApiError {
  return new ApiError(status, message, extra.errors ?? [], { success: false, message, ...extra });
}

const problems: string[] = [];

/** Problems the fakes met since the last call (unanswered requests, answers their schema refuses); cleared. */
export function takeFakeApiProblems(): string[] {
  return problems.splice(0);
}

function check(route: RouteDefinition, reply: Reply): string | undefined {
  if ('document' in reply)
    return route.produces ? undefined : `${route.method} ${route.path} produces no document`;
  if (reply.body === null)
    return route.conditional ? undefined : `${route.method} ${route.path} is not conditional`;
  if (reply.status < 200 || reply.status >= 300 || !reply.body.success) return undefined;
  const schema = responseSchemaOf(route);
  const data = reply.body.data;
  if (!schema) return data === undefined ? undefined : `${route.method} ${route.path} declares no data`;
  const issues = schema.safeParse(data).error?.issues;
  return issues?.length
    ? `${route.method} ${route.path} answered data its response schema refuses: ${issues
        .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
        .join('; ')}`
    : undefined;
}

function compile(route: RouteDefinition): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}/g, (_all, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * Stubs `fetch` for the test: `api.answer(route, ok(data))` answers every request of the route;
 * `api.answer(route, first, second)` answers in turn (one more request is a problem); and
 * `api.requests(route)` tells what each request sent. A success's data is checked when it is
 * given, so a wrong stub fails where it is written.
 */
export function fakeApi() {
  const registrations: Registration[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const found = registrations
      .filter((registration) => registration.route.method === method)
      .map((registration) => ({ registration, match: registration.pattern.exec(url.pathname) }))
      .find(({ match }) => match !== null);
    if (!found) {
      problems.push(`No answer was given for ${method} ${url.pathname}`);
      throw new TypeError(`fake API: no answer for ${method} ${url.pathname}`);
    }
    const { registration, match } = found;
    const request: FakeRequest = {
      params: Object.fromEntries(
        registration.names.map((name, index) => [name, decodeURIComponent(match![index + 1]!)]),
      ),
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    registration.requests.push(request);
    const answer =
      registration.answers.length > 1 || !registration.repeatLast
        ? registration.answers.shift()
        : registration.answers[0];
    if (!answer) {
      problems.push(`No more answers for ${method} ${url.pathname}`);
      throw new TypeError(`fake API: no more answers for ${method} ${url.pathname}`);
    }
    const reply = typeof answer === 'function' ? answer(request) : answer;
    const problem = check(registration.route, reply);
    if (problem) {
      problems.push(problem);
      throw new TypeError(`fake API: ${problem}`);
    }
    if ('document' in reply) {
      return new Response(reply.document, {
        status: reply.status,
        headers: { 'Content-Type': registration.route.produces!, ...reply.headers },
      });
    }
    if (reply.body === null) return new Response(null, { status: reply.status, headers: reply.headers });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const register = (route: RouteDefinition, answers: Answer[], repeatLast: boolean) => {
    for (const answer of answers) {
      if (typeof answer === 'function') continue;
      const problem = check(route, answer);
      if (problem) throw new Error(`fake API: ${problem}`);
    }
    const existing = registrations.find((registration) => registration.route === route);
    if (existing) {
      existing.answers.push(...answers);
      existing.repeatLast = repeatLast;
      return;
    }
    registrations.push({ route, ...compile(route), answers, repeatLast, requests: [] });
  };

  const api = {
    /** One answer for every request of the route, or several answered in turn. */
    answer<R extends RouteDefinition>(route: R, ...answers: [AnswerOf<R>, ...AnswerOf<R>[]]) {
      register(route, answers as Answer[], answers.length === 1);
      return api;
    },
    /** What each request of the route sent, in order. */
    requests(route: RouteDefinition): FakeRequest[] {
      return registrations.find((registration) => registration.route === route)?.requests ?? [];
    },
    /** The stubbed fetch, for tests about the client itself. */
    fetch: fetchMock,
  };
  return api;
}
