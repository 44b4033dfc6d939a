import { createHash, timingSafeEqual } from 'node:crypto';
import { requireEnv } from '@functions/commons/config';
import type middy from '@middy/core';
import { OriginRefused } from '../http-errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

/**
 * The header CloudFront adds to every request it sends to the API (infra/constructs/site-distribution.ts),
 * with the value of the `ORIGIN_SECRET` the functions get; the local server adds it the same way.
 * CloudFront replaces a viewer's header of this name, so only CloudFront can present the value.
 */
export const ORIGIN_HEADER = 'x-origin-verify';

let expected: Buffer | undefined;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Refuses (403, the envelope) a request that did not come through CloudFront, before any other
 * work: the execute-api endpoint then cannot bypass the WAF or forge CloudFront-Viewer-Address.
 * The header is removed from the event once checked, so no handler or log line can carry it.
 */
export function originGuard(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: (request) => {
      expected ??= digest(requireEnv('ORIGIN_SECRET'));
      const headers = request.event.headers ?? {};
      const presented = headers[ORIGIN_HEADER];
      delete headers[ORIGIN_HEADER];
      // Digests of equal length, so the comparison takes the same time whatever was sent.
      if (presented === undefined || !timingSafeEqual(digest(presented), expected)) throw new OriginRefused();
    },
  };
}
