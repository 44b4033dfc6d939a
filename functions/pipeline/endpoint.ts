import { withInvocationMemo } from '@functions/commons/invocation-memo';
import { logContext } from '@functions/commons/logger';
import { withRequestOrigin } from '@functions/commons/request-origin';
import type { Principal } from '@functions/domain/accounts/principal';
import middy from '@middy/core';
import type { Access, InferPart, ResponseData, RouteDefinition } from '@shared/routes/definition';
import type { ApiContext, ApiEvent, ApiResult } from './http-types';
import { authenticate } from './middleware/authenticate';
import { errorMapper } from './middleware/error-mapper';
import { jsonBody } from './middleware/json-body';
import { dropOriginHeader } from './middleware/origin-header';
import { validateRequest } from './middleware/validate-request';
import { type Reply, toResponse, withEntityTag } from './responses';

/** The request a handler sees: validated, typed parts and, on non-public routes, the principal. */
export interface EndpointRequest<R extends RouteDefinition> {
  params: InferPart<R['params']>;
  headers: InferPart<R['headers']>;
  query: InferPart<R['query']>;
  body: InferPart<R['body']>;
  principal: R['access'] extends 'public' ? undefined : Principal;
  event: ApiEvent;
  sourceIp: string;
}

/** A handler answers what its route's response schema describes (checked by types only). */
type Handle<R extends RouteDefinition> = (request: EndpointRequest<R>) => Promise<Reply<ResponseData<R>>>;
type PublicRoute = RouteDefinition & { access: 'public' };
type ProtectedRoute = RouteDefinition & { access: Exclude<Access, 'public'> };

/**
 * Wraps the handler of a public route in the shared pipeline (docs/architecture.md §3): logging with the
 * request id, one error mapper, JSON body parsing and zod validation of params/query/body. No
 * authentication, so a public function's bundle carries no token or session code.
 */
export function publicEndpoint<R extends PublicRoute>(route: R, handle: Handle<R>) {
  return routePipeline(route, handle);
}

/** The same pipeline for users and staff, plus authentication and the route's role guard. */
export function endpoint<R extends ProtectedRoute>(route: R, handle: Handle<R>) {
  return routePipeline(route, handle, authenticate(route.access));
}

function routePipeline<R extends RouteDefinition>(
  route: R,
  handle: Handle<R>,
  ...guards: Array<middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>>
) {
  // Guards first: a caller without the right to a route learns nothing of what it accepts.
  let pipeline = basePipeline();
  for (const guard of guards) pipeline = pipeline.use(guard);
  // One memo for the whole request: the guards read settings too (staffMfaRequired).
  return withInvocationMemo(
    pipeline
      .use(jsonBody(route.body !== undefined, route.maxBodyBytes))
      .use(validateRequest(route))
      .handler(async (event, context) => {
        const sourceIp = clientIp(event);
        // The audit entries the handler writes name where the change came from (functions/data/audit.ts).
        const origin = { ip: sourceIp, userAgent: event.headers?.['user-agent'] };
        const reply = await withRequestOrigin(origin, () =>
          handle({ ...context.input, principal: context.principal, event, sourceIp } as EndpointRequest<R>),
        );
        const response = toResponse(reply, route.bare === true, route.produces);
        return route.conditional ? withEntityTag(response, event.headers?.['if-none-match']) : response;
      }),
  );
}

/**
 * The caller's address, for the per-address limits. Behind CloudFront `sourceIp` is the edge
 * server's, shared by everyone that edge serves (one guesser would throttle them all), so the
 * viewer's own address comes from CloudFront-Viewer-Address ("ip:port", which the `/api/*`
 * behavior's origin request policy forwards). A caller that bypasses CloudFront is refused by the
 * origin authorizer before any function runs, so the header cannot be forged.
 */
export function clientIp(event: ApiEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const separator = viewer?.lastIndexOf(':') ?? -1;
  return separator > 0 ? viewer!.slice(0, separator) : event.requestContext.http.sourceIp;
}

/**
 * Logging, error mapping and removing the origin header before anything else reads the event: the
 * whole pipeline of the fallback that answers unmatched requests, and the start of every route's.
 */
export function basePipeline() {
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(logContext())
    .use(errorMapper())
    .use(dropOriginHeader());
}
