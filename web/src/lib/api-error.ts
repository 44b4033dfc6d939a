import type { Envelope, FieldError, RefusalParams } from '@shared/envelope';

/**
 * How a call fails (web/src/lib/api-client.ts). A module of its own so the auth store can tell
 * these failures apart at start-up without loading the API client (the landing page's budget).
 */

/** The API refused: the envelope's status, message, code and params, and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The refusal's code (docs/architecture.md §3): what the web translates it by. */
  get code(): string | undefined {
    return this.envelope?.code;
  }

  /** The values the refusal's message names. */
  get params(): RefusalParams | undefined {
    return this.envelope?.params;
  }
}

/**
 * The API answered success without the `data` its route declares: the answer broke the contract,
 * so no screen words it as a refusal (each shows its own fallback text).
 */
export class MissingDataError extends Error {
  constructor(readonly path: string) {
    super(`The answer of ${path} carried no data`);
    this.name = 'MissingDataError';
  }
}
