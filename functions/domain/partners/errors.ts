import {
  InvalidRequest,
  NotAuthenticated,
  NotFound,
  StateConflict,
  Unavailable,
} from '@functions/commons/errors';
import type { FieldError } from '@shared/envelope';
import { fieldError } from '@shared/field-rules';

/** Refusals of the partner program (docs/product.md "Partners"). */

export class PartnerPayoutBelowMinimum extends InvalidRequest {
  constructor(minimum: string) {
    super(`A payout is at least ${minimum} USDT.`, {
      params: { minimum },
      fields: [fieldError('amount', 'partnerPayoutMinimum', { minimum })],
    });
  }
}

/** The code another client's link already uses (their current code or one they had). */
export class PartnerCodeTaken extends StateConflict {
  constructor(code: string) {
    super(`The code ${code} is taken. Choose another.`, {
      params: { code },
      fields: [fieldError('code', 'partnerCodeTaken', { code })],
    });
  }
}

export class PartnerPayoutOverBalance extends StateConflict {
  constructor(available: string) {
    super(`Only ${available} USDT is available to pay out.`, { params: { available } });
  }
}

export class PartnerPayoutNotFound extends NotFound {
  constructor() {
    super('Payout not found.');
  }
}

export class PartnerPayoutDecided extends StateConflict {
  constructor() {
    super('This payout was already paid or refused.');
  }
}

/** The hash staff gave is not this payout's transfer on chain, with why (the chain check's reason). */
export class PartnerPayoutNotOnChain extends StateConflict {
  constructor(reason: string, details: { sent?: string; due?: string } = {}) {
    super(`The transaction is not this payout on chain (${reason}).`, {
      params: { reason, ...details },
    });
  }
}

/** The chain could not tell yet (not final, or the provider failed): nothing recorded, ask again. */
export class PartnerPayoutNotVerified extends Unavailable {
  constructor(reason: string) {
    super(`The transaction could not be checked on chain yet (${reason}); try again in a minute.`, {
      params: { reason },
    });
  }
}

export class PartnerNotFound extends NotFound {
  constructor() {
    super('Partner not found.');
  }
}

/** Two ADMINs changed one partner at once: the later one reads again. */
export class PartnerChanged extends StateConflict {
  constructor() {
    super("The partner's terms were changed meanwhile; reload and try again.");
  }
}

export class MonitorHostTaken extends StateConflict {
  constructor(host: string) {
    super(`Another partner already is the monitor ${host}.`, { params: { host } });
  }
}

export class PartnerKeyInvalid extends NotAuthenticated {
  constructor() {
    super('The partner key is not valid.');
  }
}

export class PartnerStatisticsPeriod extends InvalidRequest {
  constructor(field: FieldError) {
    super('The period is not valid.', { fields: [field] });
  }
}
