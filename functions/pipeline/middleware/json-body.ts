import type middy from '@middy/core';
import { MAX_REQUEST_BODY_BYTES } from '@shared/constants';
import { MalformedJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../http-errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

/**
 * Decodes and parses a JSON body for routes that declare one: size limit first (413; the route's own
 * `maxBodyBytes` or MAX_REQUEST_BODY_BYTES), then the content type (415), then the JSON itself
 * (400). Routes without a body schema ignore any body.
 */
export function jsonBody(
  expectsBody: boolean,
  maxBytes = MAX_REQUEST_BODY_BYTES,
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: ({ event, context }) => {
      if (!expectsBody) return;
      const raw = event.body ?? '';
      const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new PayloadTooLargeError(maxBytes);
      if (text.trim() === '') {
        context.rawBody = undefined;
        return;
      }
      const contentType = event.headers?.['content-type'] ?? '';
      if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new UnsupportedMediaTypeError();
      try {
        context.rawBody = JSON.parse(text) as unknown;
      } catch {
        throw new MalformedJsonError();
      }
    },
  };
}
