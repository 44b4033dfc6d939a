import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import { allRoutes, fallbackRoute, originAuthorizer } from '@functions/routes/manifest';
import { matchRoute } from '@functions/routes/matching';
import type { RouteDefinition } from '@shared/routes/definition';
import { responseSchemaOf } from '@shared/routes/response-schema';
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
  Context,
  Handler,
} from 'aws-lambda';

const FUNCTIONS_DIR = join(import.meta.dirname, '../../functions');
/** API Gateway refuses larger payloads before any function runs. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/**
 * How much of a refused body is still read and dropped, so that its 413 follows the whole request
 * and the kept-alive connection serves the next one; past it the 413 closes the connection.
 */
const MAX_DRAINED_BYTES = 2 * MAX_PAYLOAD_BYTES;
/** CloudFront sets it to the viewer's address and port, replacing any value the viewer sent. */
const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

type ApiHandler = Handler<ApiEvent, ApiResult>;
type AuthorizerHandler = Handler<APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult>;

export async function loadFunctionModule<T = ApiHandler>(handlerPath: string): Promise<T> {
  const module = (await import(pathToFileURL(join(FUNCTIONS_DIR, `${handlerPath}.ts`)).href)) as {
    handler: T;
  };
  return module.handler;
}

/** Loads every handler module of the manifest once, as Lambda would load one per function. */
export async function loadApiHandlers(): Promise<{
  byRouteId: Map<string, ApiHandler>;
  fallback: ApiHandler;
  authorizer: AuthorizerHandler;
}> {
  const byRouteId = new Map<string, ApiHandler>();
  for (const [id, route] of allRoutes) byRouteId.set(id, await loadFunctionModule(route.handler));
  return {
    byRouteId,
    fallback: await loadFunctionModule(fallbackRoute.handler),
    authorizer: await loadFunctionModule<AuthorizerHandler>(originAuthorizer.handler),
  };
}

export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Turns a Node request into the API Gateway HTTP API payload v2 event, runs the origin authorizer
 * and then the manifest's handler for it (or the `$default` fallback), and writes the result back.
 */
export function apiRequestListener(
  handlers: Awaited<ReturnType<typeof loadApiHandlers>>,
  options: {
    checkResponses: boolean;
    /**
     * CloudFront's origin header value. With it the listener stands in for CloudFront too: it adds
     * the header and CloudFront-Viewer-Address (the socket's address and port) to every request,
     * replacing any value the caller sent. Absent on the direct listener, which stands in for
     * reaching the API around CloudFront.
     */
    originSecret?: string;
    /**
     * Called after a handler of a write ran (not GET or HEAD): the table's stream is read then. A
     * read's own writes (limits' counters) are nothing the stream's readers look for; the stream's
     * next tick would find one anyway.
     */
    afterInvoke?: () => void;
  },
) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (body === 'too-large' || body === 'too-large-unread') {
      refuseTooLarge(request, response, body === 'too-large-unread');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, url.pathname);
    // A path that matches no route, or one whose escapes are broken, goes to the `$default` fallback.
    const routeKey = match.kind === 'route' ? `${match.route.method} ${match.route.path}` : '$default';
    const handler = match.kind === 'route' ? handlers.byRouteId.get(match.id)! : handlers.fallback;
    const event = toEvent(
      request,
      url,
      method,
      routeKey,
      body,
      match.kind === 'route' ? match.pathParameters : undefined,
    );
    if (options.originSecret !== undefined) {
      event.headers[ORIGIN_HEADER] = options.originSecret;
      event.headers[VIEWER_ADDRESS_HEADER] = `${socketAddress(request)}:${request.socket.remotePort}`;
    }
    const refusal = await gatewayAuthorization(handlers.authorizer, event);
    if (refusal) {
      response.writeHead(refusal.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: refusal.message }));
      return;
    }
    const result = (await handler(
      event,
      lambdaContext(match.kind === 'route' ? match.id : 'fallback'),
      () => {},
    )) as ApiResult;
    if (method !== 'GET' && method !== 'HEAD') options.afterInvoke?.();
    if (options.checkResponses && match.kind === 'route') checkResponse(match.route, result);
    response.writeHead(result.statusCode ?? 200, normalizeHeaders(result.headers));
    response.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
  };
}

/**
 * What API Gateway does with the origin authorizer before any route's function runs: without the
 * header it answers 401 and calls nothing; otherwise the authorizer decides, and a refusal is 403.
 * Both are API Gateway's own bodies, not the envelope (only a caller bypassing CloudFront meets them).
 */
async function gatewayAuthorization(
  authorizer: AuthorizerHandler,
  event: ApiEvent,
): Promise<{ status: number; message: string } | undefined> {
  if (!event.headers[ORIGIN_HEADER]) return { status: 401, message: 'Unauthorized' };
  const { isAuthorized } = (await authorizer(
    {
      version: '2.0',
      type: 'REQUEST',
      routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${event.requestContext.http.method}${event.rawPath}`,
      identitySource: [event.headers[ORIGIN_HEADER]!],
      routeKey: event.routeKey,
      rawPath: event.rawPath,
      rawQueryString: event.rawQueryString,
      cookies: event.cookies ?? [],
      headers: event.headers,
      queryStringParameters: event.queryStringParameters ?? {},
      requestContext: event.requestContext,
      pathParameters: event.pathParameters ?? {},
      stageVariables: {},
    },
    lambdaContext('origin-authorizer'),
    () => {},
  )) as APIGatewaySimpleAuthorizerResult;
  return isAuthorized ? undefined : { status: 403, message: 'Forbidden' };
}

/**
 * Replaces a successful answer whose `data` does not match its route's response schema with a 500
 * naming the mismatch: a test that meets it fails, whatever it asserts.
 */
function checkResponse(route: RouteDefinition, result: ApiResult): void {
  const status = result.statusCode ?? 200;
  if (status < 200 || status >= 300 || result.isBase64Encoded || route.produces) return;
  const schema = responseSchemaOf(route);
  const parsed = JSON.parse(result.body ?? '{}') as { data?: unknown };
  const data = route.bare ? parsed : parsed.data;
  const problems = schema
    ? schema.safeParse(data).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    : data === undefined
      ? undefined
      : ['the route declares no response, but the answer carries data'];
  if (!problems?.length) return;
  const message = `${route.method} ${route.path} answered data its response schema refuses: ${problems.join('; ')}`;
  console.error(message);
  result.statusCode = 500;
  result.body = JSON.stringify({ success: false, message });
}

function toEvent(
  request: IncomingMessage,
  url: URL,
  method: string,
  routeKey: string,
  body: Buffer,
  pathParameters: Record<string, string> | undefined,
): ApiEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'cookie')
      headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const isText = body.length === 0 || /json|text|urlencoded/i.test(headers['content-type'] ?? '');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: request.headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: url.search ? query : undefined,
    pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: socketAddress(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** The caller's address, an IPv4 one without its IPv4-mapped IPv6 prefix. */
function socketAddress(request: IncomingMessage): string {
  return request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
}

/**
 * The whole body, or why there is none: over the payload limit, read to its end and dropped
 * (`too-large`), or so long that the rest was left unread (`too-large-unread`).
 */
function readBody(request: IncomingMessage): Promise<Buffer | 'too-large' | 'too-large-unread'> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
      else chunks = [];
      if (size > MAX_DRAINED_BYTES) {
        request.off('data', onData);
        request.pause();
        resolve('too-large-unread');
      }
    };
    request.on('data', onData);
    request.once('end', () => resolve(size > MAX_PAYLOAD_BYTES ? 'too-large' : Buffer.concat(chunks)));
    request.once('error', reject);
    // Settled already unless the caller went away before the end.
    request.once('close', () => reject(new Error('The request closed before its body ended.')));
  });
}

/**
 * API Gateway's 413. A connection with part of a body left unread cannot carry another request, so
 * that answer closes it.
 */
function refuseTooLarge(request: IncomingMessage, response: ServerResponse, unread: boolean): void {
  response.writeHead(413, {
    'Content-Type': 'application/json',
    ...(unread ? { Connection: 'close' } : {}),
  });
  response.end(JSON.stringify({ message: 'Request Entity Too Large' }), () => {
    if (unread) request.socket.destroy();
  });
}

function normalizeHeaders(headers: ApiResult['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, String(value)]));
}
