import { NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';

/**
 * A value of the request is on one of the operator's blacklists. The text is neutral on purpose: it
 * does not tell whoever is refused what matched, or that a list did (docs/decisions.md).
 */
export class RequestNotAccepted extends NotPermitted {
  constructor() {
    super('We cannot accept this request. Please contact support.');
  }
}

/** The value is on its list already: one entry per value. */
export class BlacklistEntryExists extends StateConflict {
  constructor() {
    super('This value is on the blacklist already.');
  }
}

export class BlacklistEntryNotFound extends NotFound {
  constructor() {
    super('This value is not on the blacklist.');
  }
}
