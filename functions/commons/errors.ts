import type { FieldError } from '@shared/envelope';

/**
 * Errors a handler may throw on purpose. The error mapper turns them into the spec's envelope
 * with their status; anything else becomes a generic 500 that reveals nothing.
 */
export class ApiError extends Error {
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

export class BadRequestError extends ApiError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = 'Not authenticated.') {
    super(401, message);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(allowed: string[]) {
    super(405, 'Method not allowed.', undefined, { Allow: allowed.join(', ') });
  }
}

export class ConflictError extends ApiError {
  constructor(message: string, errors?: FieldError[]) {
    super(409, message, errors);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number) {
    super(413, `Request body is larger than ${limitBytes} bytes.`);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor() {
    super(415, 'Request body must be JSON (Content-Type: application/json).');
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
