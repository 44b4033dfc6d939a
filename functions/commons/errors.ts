import type { FieldError, RefusalParams } from '@shared/envelope';

/**
 * The kinds of refusal a business rule can give. The pipeline's error mapper is the one place that
 * turns each into an HTTP status; domain and data code never speak HTTP.
 */
export type Refusal =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'no-rate'
  | 'too-many'
  | 'unavailable';

interface Details {
  /** The values the message names (an amount, a status, a limit), so a client can word it in its language. */
  params?: RefusalParams;
  /** Field-level reasons, for a form to show beside its fields. */
  fields?: FieldError[];
  /** For `too-many`: when the caller may try again. */
  retryAfterSeconds?: number;
  /** Figures the caller needs to decide again (the envelope's `data`), e.g. an expired quote's amounts. */
  data?: unknown;
}

/**
 * A request the rules refuse. The subclass names the business case (ApplicationNotFound,
 * TransitionNotAllowed, AddressTaken…) and that name is the refusal's `code` in the envelope, the
 * key clients translate by (docs/architecture.md §3): one class per wording, values in `params`.
 * The message is the English text the caller is shown.
 */
export abstract class DomainError extends Error {
  abstract readonly refusal: Refusal;
  /** The class's own name (function bundles keep names: infra/constructs/bundling.ts). */
  readonly code: string;
  readonly params?: RefusalParams;
  readonly fields?: FieldError[];
  readonly retryAfterSeconds?: number;
  readonly data?: unknown;

  constructor(message: string, details: Details = {}) {
    super(message);
    this.name = new.target.name;
    this.code = new.target.name;
    this.params = details.params;
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.data = details.data;
  }
}

/** Input the rules reject (beyond what the route's schema checks). */
export abstract class InvalidRequest extends DomainError {
  readonly refusal = 'invalid';
}

/** The caller is not (or no longer) authenticated. */
export abstract class NotAuthenticated extends DomainError {
  readonly refusal = 'unauthenticated';
}

/** The caller is known but may not do this. */
export abstract class NotPermitted extends DomainError {
  readonly refusal = 'forbidden';
}

/** The thing asked for does not exist, or is not the caller's to see. */
export abstract class NotFound extends DomainError {
  readonly refusal = 'not-found';
}

/** The request contradicts the current state (a taken name, a moved status, a concurrent change). */
export abstract class StateConflict extends DomainError {
  readonly refusal = 'conflict';
}

/** Too many attempts; `retryAfterSeconds` says when to try again. */
export abstract class RateLimited extends DomainError {
  readonly refusal = 'too-many';
}

/** A dependency the request needs does not answer. */
export abstract class Unavailable extends DomainError {
  readonly refusal = 'unavailable';
}

/** No rate is published for what was asked (a quote or a standard application). */
export abstract class NotQuotable extends DomainError {
  readonly refusal = 'no-rate';
}
