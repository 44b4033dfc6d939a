import type middy from '@middy/core';
import type { Envelope } from '@shared/envelope';
import { ApiError } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';
import { logger } from '../logger';
import { envelopeResponse } from '../responses';

/** The one place errors become answers: ApiErrors keep their status and text, the rest a bare 500. */
export function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    onError: (request) => {
      const { error } = request;
      if (error instanceof ApiError) {
        const envelope: Envelope<unknown> = { success: false, message: error.message };
        if (error.errors) envelope.errors = error.errors;
        logger.info('request refused', { status: error.status, reason: error.message });
        request.response = envelopeResponse(error.status, envelope, error.headers);
        return;
      }
      logger.error('unhandled error', error as Error);
      request.response = envelopeResponse(500, { success: false, message: 'Internal server error.' });
    },
  };
}
