import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import type middy from '@middy/core';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

/**
 * Removes CloudFront's origin header from the event before anything else reads it, so no handler or
 * log line can carry the secret. The header was checked by API Gateway's origin authorizer
 * (handlers/system/origin-authorizer.ts) before the function was invoked.
 */
export function dropOriginHeader(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: (request) => {
      if (request.event.headers) delete request.event.headers[ORIGIN_HEADER];
    },
  };
}
