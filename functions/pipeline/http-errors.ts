import type { FieldError, RefusalParams } from '@shared/envelope';

/**
 * Refusals that belong to HTTP itself (body encoding, unknown paths, validation of the request's
 * parts), thrown only by the pipeline, each with its envelope `code`. Business refusals are
 * DomainErrors (functions/commons/errors.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: HttpRefusalCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    readonly params?: RefusalParams,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The codes of the pipeline's own refusals, and of the bare 500 (docs/architecture.md §3). */
export const HTTP_REFUSAL_CODES = [
  'ValidationFailed',
  'MalformedJson',
  'MalformedPath',
  'RouteNotFound',
  'MethodNotAllowed',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'InternalError',
] as const;
export type HttpRefusalCode = (typeof HTTP_REFUSAL_CODES)[number];

/** A request part the route's schema refuses: the field errors say which rules. */
export class ValidationFailedError extends HttpError {
  constructor(errors: FieldError[]) {
    super(400, 'ValidationFailed', 'Validation failed.', errors);
  }
}

export class MalformedJsonError extends HttpError {
  constructor() {
    super(400, 'MalformedJson', 'Malformed JSON in request body.');
  }
}

export class MalformedPathError extends HttpError {
  constructor() {
    super(400, 'MalformedPath', 'Malformed percent-encoding in the URL path.');
  }
}

export class RouteNotFoundError extends HttpError {
  constructor(method: string, path: string) {
    super(404, 'RouteNotFound', `No API route for ${method} ${path}.`, undefined, {}, { method, path });
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allowed: string[]) {
    super(405, 'MethodNotAllowed', 'Method not allowed.', undefined, { Allow: allowed.join(', ') });
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(
      413,
      'PayloadTooLarge',
      `Request body is larger than ${limitBytes} bytes.`,
      undefined,
      {},
      {
        limitBytes,
      },
    );
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor() {
    super(415, 'UnsupportedMediaType', 'Request body must be JSON (Content-Type: application/json).');
  }
}
