import { basePipeline } from '@functions/pipeline/endpoint';
import {
  MalformedPathError,
  MethodNotAllowedError,
  RouteNotFoundError,
} from '@functions/pipeline/http-errors';
import { matchRoute } from '@functions/routes/matching';

/**
 * API Gateway's `$default` route: a known path with another method is 405, a broken escape in the
 * path 400, anything else 404.
 */
export const handler = basePipeline().handler(async (event) => {
  const { method, path } = event.requestContext.http;
  const match = matchRoute(method, path);
  if (match.kind === 'wrong-method') throw new MethodNotAllowedError(match.allowed);
  if (match.kind === 'malformed') throw new MalformedPathError();
  throw new RouteNotFoundError(method, path);
});
