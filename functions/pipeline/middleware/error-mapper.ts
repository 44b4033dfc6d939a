import { DomainError, type Refusal } from '@functions/commons/errors';
import { logger } from '@functions/commons/logger';
import { countMetric } from '@functions/commons/metrics';
import type middy from '@middy/core';
import type { Envelope, FieldError, RefusalParams } from '@shared/envelope';
import { HttpError, type HttpRefusalCode } from '../http-errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';
import { envelopeResponse } from '../responses';

/** The status of each kind of business refusal. */
const REFUSAL_STATUS: Record<Refusal, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'no-rate': 422,
  'too-many': 429,
  unavailable: 503,
};

interface Refused {
  status: number;
  /** The case's stable name: a DomainError's class name, or an HttpError's own code. */
  code: string;
  message: string;
  /** The values the message names. */
  params?: RefusalParams;
  errors?: FieldError[];
  /** What the caller needs to decide again (a DomainError's `data`). */
  data?: unknown;
  headers: Record<string, string>;
}

/** The status, text and headers a refused request is answered with; undefined for an unexpected error. */
export function refusalOf(error: unknown): Refused | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const retry = error.retryAfterSeconds;
  return {
    status: REFUSAL_STATUS[error.refusal],
    code: error.code,
    message: error.message,
    params: error.params,
    errors: error.fields,
    data: error.data,
    headers: retry === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retry))) },
  };
}

/**
 * The one place errors become answers (docs/architecture.md §3): business refusals and the
 * pipeline's own HTTP refusals keep their text, code and params and get their status; anything
 * else a bare 500 (`InternalError`).
 */
export function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    onError: (request) => {
      const refused = refusalOf(request.error);
      if (refused) {
        const envelope: Envelope<unknown> = { success: false, code: refused.code, message: refused.message };
        if (refused.params) envelope.params = refused.params;
        if (refused.errors) envelope.errors = refused.errors;
        if (refused.data !== undefined) envelope.data = refused.data;
        logger.info('request refused', {
          status: refused.status,
          code: refused.code,
          reason: refused.message,
        });
        request.response = envelopeResponse(refused.status, envelope, refused.headers);
        return;
      }
      logger.error('unhandled error', request.error as Error);
      // Per function version: a canary's rollback alarm watches the new version's 500s (infra/constructs/canary.ts).
      countMetric('ServerErrors', {
        FunctionName: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local',
        Version: process.env.AWS_LAMBDA_FUNCTION_VERSION ?? '$LATEST',
      });
      request.response = envelopeResponse(500, {
        success: false,
        code: 'InternalError' satisfies HttpRefusalCode,
        message: 'Internal server error.',
      });
    },
  };
}
