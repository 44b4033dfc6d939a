import { InvalidRequest, StateConflict } from '@functions/commons/errors';

/**
 * The refusals of the verification tiers' limits (docs/product.md "Verification and limits"): each
 * names the limit and what is left, in USD, and how to raise it; nothing of the application is
 * written (its checks run before, and its counters' conditions in, its one transaction).
 */

const RAISE = 'A higher verification tier (a verified card, then identity) raises it.';

/** The application is worth more than the client's tier allows for one application. */
export class OverTierLimit extends InvalidRequest {
  constructor(limit: number) {
    super(`Your verification tier allows applications worth up to ${limit} USD. ${RAISE}`, {
      params: { limit },
    });
  }
}

/** The application is worth more than the cap of a client's first deals. */
export class OverFirstDealsCap extends InvalidRequest {
  constructor(cap: number, deals: number) {
    super(`Until ${deals} of your deals are completed, an application may be worth up to ${cap} USD.`, {
      params: { cap, deals },
    });
  }
}

/** The client's applications of the business day would pass their tier's daily limit. */
export class DailyLimitReached extends InvalidRequest {
  constructor(limit: number, left: number) {
    super(
      `Your verification tier allows applications worth ${limit} USD a day; ${left} USD is left today. ${RAISE}`,
      { params: { limit, left } },
    );
  }
}

/** The client's applications of the last 30 business days would pass their tier's limit. */
export class MonthlyLimitReached extends InvalidRequest {
  constructor(limit: number, left: number) {
    super(
      `Your verification tier allows applications worth ${limit} USD in 30 days; ${left} USD is left. ${RAISE}`,
      { params: { limit, left } },
    );
  }
}

/** The applications made from the caller's IP address today would pass the per-IP limit. */
export class IpDailyLimitReached extends InvalidRequest {
  constructor(limit: number, left: number) {
    super(`Applications from one network may be worth ${limit} USD a day; ${left} USD is left today.`, {
      params: { limit, left },
    });
  }
}

/** The applications with the card today would pass the per-card limit. */
export class CardDailyLimitReached extends InvalidRequest {
  constructor(limit: number, left: number) {
    super(`Applications with one card may be worth ${limit} USD a day; ${left} USD is left today.`, {
      params: { limit, left },
    });
  }
}

/** Other applications of the client were counted at the same moment, every retry over. */
export class LimitsChangedMeanwhile extends StateConflict {
  constructor() {
    super('Other applications of yours were counted at the same moment. Try again.');
  }
}
