import type { FieldError } from '@shared/envelope';

/**
 * Refusals that belong to HTTP itself (body encoding, unknown paths, validation of the request's
 * parts), thrown only by the pipeline. Business refusals are DomainErrors (functions/commons/errors.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allowed: string[]) {
    super(405, 'Method not allowed.', undefined, { Allow: allowed.join(', ') });
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(413, `Request body is larger than ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor() {
    super(415, 'Request body must be JSON (Content-Type: application/json).');
  }
}
