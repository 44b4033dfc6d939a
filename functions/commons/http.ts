import middy from '@middy/core';
import type { InferPart, RouteDefinition } from '../route-definition';
import type { ApiContext, ApiEvent, ApiResult, Principal } from './http-types';
import { logContext } from './logger';
import { authenticate } from './middleware/authenticate';
import { errorMapper } from './middleware/error-mapper';
import { jsonBody } from './middleware/json-body';
import { validateRequest } from './middleware/validate-request';
import { type Reply, toResponse } from './responses';

/** The request a handler sees: validated, typed parts and, on non-public routes, the principal. */
export interface EndpointRequest<R extends RouteDefinition> {
  params: InferPart<R['params']>;
  query: InferPart<R['query']>;
  body: InferPart<R['body']>;
  principal: R['access'] extends 'public' ? undefined : Principal;
  event: ApiEvent;
  sourceIp: string;
}

/**
 * Wraps a handler in the shared pipeline (architecture §3): logging with the request id, one
 * error mapper, JSON body parsing, zod validation of params/query/body, authentication and the
 * route's role guard. The handler only does its work and returns a Reply.
 */
export function endpoint<R extends RouteDefinition>(
  route: R,
  handle: (request: EndpointRequest<R>) => Promise<Reply>,
) {
  return basePipeline()
    .use(jsonBody(route.body !== undefined))
    .use(validateRequest(route))
    .use(authenticate(route.access))
    .handler(async (event, context) => {
      const input = context.input ?? { params: undefined, query: undefined, body: undefined };
      const reply = await handle({
        params: input.params,
        query: input.query,
        body: input.body,
        principal: context.principal,
        event,
        sourceIp: event.requestContext.http.sourceIp,
      } as EndpointRequest<R>);
      return toResponse(reply);
    });
}

/** Logging and error mapping alone, for the fallback that answers unmatched requests. */
export function basePipeline() {
  return middy<ApiEvent, ApiResult, Error, ApiContext>().use(logContext()).use(errorMapper());
}
